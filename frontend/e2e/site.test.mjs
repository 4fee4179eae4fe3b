import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  api,
  axeChecker,
  BASE_URL,
  eventsApiRequests,
  goto,
  launchBrowser,
  londonDay,
  MOBILE,
  reload,
  until,
  withPage,
} from "./helpers.mjs";

let browser;
let events;
/** GET /api/events/summary: what the events page counts without a sport chosen. */
let summary;

before(async () => {
  browser = await launchBrowser();
  events = await api("/api/events");
  assert.ok(events.length > 3, "the seeded database should have upcoming events");
  summary = await api("/api/events/summary");
  assert.equal(summary.eventCount, events.length, "the summary counts every upcoming event");
});

/** How many upcoming events the summary counts with `query` ("area=Hackney"). */
const countOf = async (query) => (await api(`/api/events/summary?${query}`)).eventCount;

after(async () => {
  await browser?.close();
});

const statusText = (page) => page.getByRole("status").filter({ hasText: /events? (match|upcoming)|upcoming event/ });

describe("home", () => {
  test("shows the first three upcoming events, inlined by the server", () =>
    withPage(browser, {}, async (page) => {
      const upcoming = await api("/api/events?limit=3");
      assert.deepEqual(
        upcoming.map((event) => event.id),
        events.slice(0, 3).map((event) => event.id),
      );
      const requests = eventsApiRequests(page);
      await goto(page, "/");
      await page.getByRole("heading", { name: "Upcoming Events" }).waitFor();
      const section = page.locator("section", { has: page.getByRole("heading", { name: "Upcoming Events" }) });
      const titles = section.getByRole("heading", { level: 3 });
      await titles.first().waitFor();
      assert.deepEqual(
        await titles.allInnerTexts(),
        upcoming.map((event) => event.title),
      );
      // The page's {"upcoming": [...]} seeded exactly the key of its GET /api/events?limit=3.
      assert.deepEqual(requests, []);
      assert.equal(await page.title(), "Inclusive community sports in London | PlaySpace");
    }));
});

describe("events", () => {
  test("sport grid, then a sport by location, then an event", () =>
    withPage(browser, {}, async (page) => {
      const requests = eventsApiRequests(page);
      await goto(page, "/events");
      await page.getByRole("heading", { name: "Choose Your Sport" }).waitFor();
      await statusText(page).getByText(`${summary.eventCount} upcoming events`).waitFor();
      // The page's {"summary": {...}} seeded exactly the key of its GET /api/events/summary,
      // and without a sport chosen it lists no events.
      assert.deepEqual(requests, []);
      const [{ category: sport, eventCount, areas: sportAreas }] = summary.sports;
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: sport, level: 3, exact: true }) });
      const counts = `${eventCount} event${eventCount === 1 ? "" : "s"} · ${sportAreas.length} location${sportAreas.length === 1 ? "" : "s"}`;
      await card.getByText(counts, { exact: true }).waitFor();
      await page.getByRole("link", { name: `View ${sport} Events` }).click();
      await page.getByRole("heading", { name: sport, level: 2 }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get("sport"), sport);
      await page.getByText("Choose your preferred location").waitFor();
      assert.deepEqual(requests, [`/api/events?${new URLSearchParams({ sport })}`]);

      const sportEvents = await api(`/api/events?sport=${encodeURIComponent(sport)}`);
      assert.equal(sportEvents.length, eventCount);
      const areas = [...new Set(sportEvents.map((event) => event.area))];
      assert.deepEqual([...areas].sort(), [...sportAreas].sort());
      for (const area of areas) {
        await page.getByRole("heading", { name: area, level: 3 }).waitFor();
      }
      const first = sportEvents[0];
      await page.getByRole("link", { name: first.title, exact: true }).first().click();
      await page.getByRole("heading", { name: first.title, level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, `/events/${first.id}`);
      await page.getByRole("heading", { name: "About This Event" }).waitFor();
      assert.equal(await page.title(), `${first.title} | PlaySpace`);
    }));

  test("Back to Sports returns to the sport grid", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, `/events?sport=${encodeURIComponent(events[0].category)}`);
      await page.getByRole("link", { name: "Back to Sports" }).click();
      await page.getByRole("heading", { name: "Choose Your Sport" }).waitFor();
      assert.equal(new URL(page.url()).searchParams.has("sport"), false);
    }));

  test("each filter narrows the list through the API and the URL", () =>
    withPage(browser, {}, async (page) => {
      const all = summary.eventCount;
      await goto(page, "/events");
      await statusText(page).getByText(`${all} upcoming events`).waitFor();

      // Area
      const area = events[0].area;
      const inArea = await countOf(`area=${encodeURIComponent(area)}`);
      assert.ok(inArea < all);
      await page.getByRole("combobox", { name: "Area" }).click();
      await page.getByRole("option", { name: area, exact: true }).click();
      await page.getByText(`${inArea} event${inArea === 1 ? "" : "s"} match your filters`).waitFor();
      assert.equal(new URL(page.url()).searchParams.get("area"), area);

      // Clearing it via the empty-state-free path: choose All Areas again.
      await page.getByRole("combobox", { name: "Area" }).click();
      await page.getByRole("option", { name: "All Areas" }).click();
      await statusText(page).getByText(`${all} upcoming events`).waitFor();

      // Search
      const word = events[0].title.split(" ").find((part) => part.length > 4) ?? events[0].title;
      const matching = await countOf(`q=${encodeURIComponent(word)}`);
      assert.ok(matching < all);
      await page.getByRole("searchbox", { name: "Search" }).fill(word);
      await page.getByText(`${matching} event${matching === 1 ? "" : "s"} match your filters`).waitFor();
      assert.equal(new URL(page.url()).searchParams.get("q"), word);
      await page.getByRole("searchbox", { name: "Search" }).fill("");
      await statusText(page).getByText(`${all} upcoming events`).waitFor();

      // Sport
      const sport = events[0].category;
      await page.getByRole("combobox", { name: "Sport" }).click();
      await page.getByRole("option", { name: sport, exact: true }).click();
      await page.getByRole("heading", { name: sport, level: 2 }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get("sport"), sport);
      await page.getByRole("button", { name: "Clear Sport Filter" }).click();
      await page.getByRole("heading", { name: "Choose Your Sport" }).waitFor();

      // Date
      const day = londonDay(events[0].date);
      const onDay = await countOf(`date=${day}`);
      assert.ok(onDay < all);
      await page.getByRole("button", { name: /^Date/ }).click();
      const dialog = page.getByRole("dialog", { name: "Choose a date" });
      const label = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" })
        .formatToParts(new Date(`${day}T00:00:00Z`))
        .filter((part) => part.type !== "literal")
        .map((part) => part.value)
        .join(" ");
      await dialog.getByRole("button", { name: label }).click();
      await page.getByText(`${onDay} event${onDay === 1 ? "" : "s"} match your filters`).waitFor();
      assert.equal(new URL(page.url()).searchParams.get("date"), day);
      await page.getByRole("button", { name: /^Date/ }).click();
      await page.getByRole("button", { name: "Clear Date" }).click();
      await statusText(page).getByText(`${all} upcoming events`).waitFor();
      assert.equal(new URL(page.url()).search, "");
    }));

  test("a filtered view survives reload, and an empty result offers to clear filters", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, "/events?q=zzzz-no-such-event");
      await page.getByRole("heading", { name: "No events match your filters" }).waitFor();
      assert.equal(await page.getByRole("searchbox", { name: "Search" }).inputValue(), "zzzz-no-such-event");
      await reload(page);
      await page.getByRole("heading", { name: "No events match your filters" }).waitFor();
      await page.getByRole("button", { name: "Clear filters" }).click();
      await page.getByRole("heading", { name: "Choose Your Sport" }).waitFor();
      assert.equal(new URL(page.url()).search, "");
    }));

  test("a full event shows Fully Booked on its card and Event Full on its page", () =>
    withPage(browser, {}, async (page) => {
      const full = events.find((event) => event.currentParticipants >= event.maxParticipants);
      assert.ok(full, "the seed data should include a full event");
      await goto(page, `/events?sport=${encodeURIComponent(full.category)}`);
      const link = page.locator(`a[href="/events/${full.id}"]`);
      const card = page.getByRole("listitem").filter({ has: link });
      await card.getByText("Fully Booked", { exact: true }).first().waitFor();
      assert.equal(await card.getByRole("button", { name: "Fully Booked" }).isDisabled(), true);

      await link.click();
      await page.getByRole("heading", { name: "Event Full" }).waitFor();
      await page.getByText("This event is currently fully booked.").waitFor();
      await page.getByRole("button", { name: "Browse Other Events" }).click();
      await page.getByRole("heading", { name: full.category, level: 2 }).waitFor();
    }));

  test("an open event asks a visitor to log in", () =>
    withPage(browser, {}, async (page) => {
      const open = events.find((event) => event.currentParticipants < event.maxParticipants);
      await goto(page, `/events/${open.id}`);
      await page.getByRole("heading", { name: "Login Required" }).waitFor();
      await page.getByRole("link", { name: "Log In", exact: true }).click();
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem("returnUrl")), `/events/${open.id}`);
    }));

  test("an unknown event says Event Not Found", () =>
    withPage(browser, {}, async (page) => {
      for (const id of ["00000000-0000-7000-8000-000000000000", "not-an-id"]) {
        await goto(page, `/events/${id}`);
        await page.getByRole("heading", { name: "Event Not Found" }).waitFor();
        await page.getByText("The event you're looking for doesn't exist or has been removed.").waitFor();
      }
      await page.getByRole("link", { name: "Back to Events" }).last().click();
      await page.getByRole("heading", { name: "Sports Events" }).waitFor();
    }));
});

describe("other pages", () => {
  test("an unknown path shows 404 Page Not Found", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, "/no/such/page");
      await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      await page.getByRole("link", { name: "Go Home" }).click();
      await page.getByRole("heading", { name: "Upcoming Events" }).waitFor();
    }));

  test("the contact form asks for missing fields, then sends", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, "/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Missing Information").waitFor();
      await page.getByText("Please fill in all required fields.").waitFor();

      const field = (name) => page.getByRole("textbox", { name, exact: true });
      await field("First Name").fill("Ada");
      await field("Last Name").fill("Lovelace");
      await field("Email Address").fill("ada@example.com");
      await page.getByRole("combobox", { name: "Subject" }).click();
      await page.getByRole("option", { name: "Accessibility" }).click();
      await field("Message").fill("Is the Haggerston Park session step-free?");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Message Sent!").waitFor();
      await page.getByText("Thank you for contacting us. We'll get back to you within 24 hours.").waitFor();
      assert.equal(await field("First Name").inputValue(), "");
    }));

  test("the theme choice persists across a reload", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, "/about");
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
      assert.equal(await isDark(), false);
      await page.getByRole("button", { name: "Theme" }).click();
      await page.getByRole("menuitemradio", { name: "Dark" }).click();
      assert.equal(await isDark(), true);
      await reload(page);
      assert.equal(await isDark(), true);
      await page.getByRole("button", { name: "Theme" }).click();
      assert.equal(await page.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked"), "true");
      await page.getByRole("menuitemradio", { name: "System" }).click();
      assert.equal(await isDark(), false);
    }));

  test("System can also turn dark from 20:00 to 06:00, rechecked every minute", () =>
    withPage(browser, {}, async (page) => {
      // November: London is on GMT, so these UTC times are the local ones.
      await page.clock.install({ time: new Date("2026-11-25T05:59:00Z") });
      // The class index.html's inline script sets before first paint, for the reload below.
      await page.addInitScript(() => {
        // The init script runs before <html> exists: watch the document for its first class.
        new MutationObserver((records, observer) => {
          if (!records.some((r) => r.target === document.documentElement && r.attributeName === "class")) return;
          window.__firstPaintDark = document.documentElement.classList.contains("dark");
          observer.disconnect();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ["class"] });
      });
      const axe = axeChecker(page);
      await goto(page, "/about");
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
      assert.equal(await isDark(), false, "off until chosen: the device is light");

      await page.getByRole("button", { name: "Theme" }).click();
      const option = page.getByRole("menuitemcheckbox", { name: "Dark from 20:00 to 06:00" });
      assert.equal(await option.getAttribute("aria-checked"), "false");
      // Checked while the page still follows the (emulated) device, as axeChecker expects.
      await axe.check("theme menu with the evening dark option");
      await option.click();
      assert.equal(await isDark(), true, "05:59 is in the dark hours");
      await page.getByRole("button", { name: "Theme" }).click();
      assert.equal(await option.getAttribute("aria-checked"), "true");
      assert.equal(await page.getByRole("menuitemradio", { name: "System" }).getAttribute("aria-checked"), "true");
      await page.keyboard.press("Escape");

      // 06:00 passes: the next minute's recheck turns the page light again.
      await page.clock.runFor(61_000);
      await until(async () => !(await isDark()), { what: "the page to turn light after 06:00" });

      // An evening visit is dark from the first paint.
      await page.clock.setSystemTime(new Date("2026-11-25T20:00:00Z"));
      await reload(page);
      assert.equal(await page.evaluate(() => window.__firstPaintDark), true, "dark before first paint at 20:00");
      assert.equal(await isDark(), true);

      // Light chosen outright wins over the evening dark.
      await page.getByRole("button", { name: "Theme" }).click();
      await page.getByRole("menuitemradio", { name: "Light" }).click();
      assert.equal(await isDark(), false);
      axe.assertClean();
    }));

  test("the mobile menu at 390 px", () =>
    withPage(browser, { viewport: MOBILE }, async (page) => {
      await goto(page, "/");
      assert.equal(await page.getByRole("navigation", { name: "Main" }).isVisible(), false);
      await page.getByRole("link", { name: "Book Your Session" }).last().waitFor();
      const toggle = page.getByRole("button", { name: "Menu" });
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      await toggle.click();
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      const menu = page.getByRole("navigation", { name: "Mobile" });
      for (const name of ["Home", "Events", "About", "Blog", "Contact"]) {
        await menu.getByRole("link", { name, exact: true }).waitFor();
      }
      await menu.getByRole("link", { name: /^Meetup/ }).waitFor();
      await menu.getByRole("link", { name: "About", exact: true }).click();
      await page.getByRole("heading", { name: "About PlaySpace" }).waitFor();
      assert.equal(await menu.isVisible(), false);
      assert.equal(
        await page.locator('nav[aria-label="Main"] a[href="/about"]').getAttribute("aria-current"),
        "page",
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(overflow, 0, "nothing should scroll sideways");
    }));
});

test("the server is the one under test", () => {
  assert.match(BASE_URL, /^http:\/\/127\.0\.0\.1:\d+$/);
});
