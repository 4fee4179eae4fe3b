// Issue 24, item 1: venues with access facts. A visitor (signed out, on a phone) narrows
// /events to step-free sessions with gender-neutral changing (the choice lives in the URL),
// and reads an event page's facts in words, "not checked yet" said plainly; an admin adds a
// venue in the Venues tab (with the server's messages for a bad postcode), holds a session
// there through the event form's venue picker, and retires it (it has a session, so it
// cannot be deleted).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  api,
  apiAs,
  axeChecker,
  goto,
  launchBrowser,
  londonDay,
  MOBILE,
  openPage,
  signInAdminContext,
  until,
} from "./helpers.mjs";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function withPage(options, body, { admin = false } = {}) {
  const { context, page, errors } = await openPage(browser, options);
  try {
    if (admin) await signInAdminContext(context);
    await body(page);
    assert.deepEqual(errors.map(String), [], "the page logged errors");
  } finally {
    await context.close();
  }
}

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const fact = (page, key) => page.locator(`[data-fact="${key}"]`);

describe("venues and access facts", () => {
  test("a visitor filters /events by access needs and reads an event's facts", () =>
    withPage({ viewport: MOBILE }, async (page) => {
      const axe = axeChecker(page);
      const both = await api("/api/events/summary?access=stepFree,genderNeutralChanging");
      const all = await api("/api/events/summary");
      assert.ok(both.eventCount > 0 && both.eventCount < all.eventCount, "the demo has some, not all");

      await goto(page, "/events");
      await page.getByText(`${all.eventCount} upcoming events`).waitFor();
      await page.locator("summary").filter({ hasText: "Access needs" }).click();
      await page.getByRole("checkbox", { name: /Step-free access/ }).check();
      await page.getByRole("checkbox", { name: /Gender-neutral changing/ }).check();
      await until(() => new URL(page.url()).searchParams.get("access") === "stepFree,genderNeutralChanging", {
        what: "the access choice in the URL",
      });
      await page.getByText(`${both.eventCount} event${both.eventCount === 1 ? "" : "s"} match your filters`).waitFor();
      await axe.check("events filtered by access");

      // The choice lives in the URL: a reload (or a shared link) keeps it.
      await page.reload();
      await page.getByText(`${both.eventCount} event${both.eventCount === 1 ? "" : "s"} match your filters`).waitFor();
      assert.ok(await page.getByRole("checkbox", { name: /Step-free access/ }).isChecked());

      // A sport's sessions are all at venues saying yes to both.
      const sport = both.sports[0].category;
      await page.getByRole("link", { name: `View ${sport} Events` }).click();
      await until(() => new URL(page.url()).searchParams.get("sport") === sport, { what: "the sport chosen" });
      const listed = await api(`/api/events?sport=${encodeURIComponent(sport)}&access=stepFree,genderNeutralChanging`);
      assert.ok(listed.length > 0);
      for (const event of listed) {
        assert.equal(event.venue.access.stepFree, "yes");
        assert.equal(event.venue.access.genderNeutralChanging, "yes");
      }

      // An event page: every fact in words, with its meaning one tap away.
      const event = listed[0];
      await goto(page, `/events/${event.id}`);
      await page.getByRole("heading", { name: "Venue and access" }).waitFor();
      assert.match(await fact(page, "stepFree").innerText(), /Step-free access: Yes/);
      const unknown = Object.entries(event.venue.access).find(([, value]) => value === "unknown");
      if (unknown) assert.match(await fact(page, unknown[0]).innerText(), /Not checked yet — ask us before you come/);
      await fact(page, "stepFree").getByText(/What “Step-free access” means/).click();
      await fact(page, "stepFree").getByText(/doors at least 75 cm clear/).waitFor();
      await axe.check("event page with its venue");
      axe.assertClean();
    }));

  test("an admin adds a venue, holds a session there and retires it", () =>
    withPage(
      {},
      async (page) => {
        const axe = axeChecker(page);
        const name = `Dalston Sports Hall ${Math.random().toString(36).slice(2, 7)}`;
        await goto(page, "/admin?tab=venues");
        await page.getByRole("region", { name: "All venues" }).waitFor();
        await axe.check("venues tab");

        await page.getByRole("button", { name: "Add venue" }).click();
        const dialog = page.getByRole("dialog", { name: "Add a venue" });
        await dialog.getByRole("textbox", { name: "Name" }).fill(name);
        await dialog.getByRole("textbox", { name: "Borough" }).fill("Hackney");
        await dialog.getByRole("textbox", { name: "Address" }).fill("10 Dalston Lane, London");
        await dialog.getByRole("textbox", { name: "Postcode" }).fill("nowhere");
        await dialog.getByRole("group", { name: "Step-free access" }).getByRole("radio", { name: "Yes", exact: true }).check();
        await dialog.getByRole("group", { name: "Quiet space" }).getByRole("radio", { name: "No", exact: true }).check();
        await dialog.getByRole("checkbox", { name: /I checked these facts today/ }).check();
        await dialog.getByRole("button", { name: "Add venue" }).click();
        await dialog.getByText("Enter a UK postcode, like E9 5PF").waitFor();
        await axe.check("add venue dialog with an error");
        await dialog.getByRole("textbox", { name: "Postcode" }).fill("e8 3dl");
        await dialog.getByRole("button", { name: "Add venue" }).click();
        await toast(page, "Venue added").waitFor();
        await dialog.waitFor({ state: "detached" });
        const row = page.getByRole("row").filter({ hasText: name });
        await row.getByText("1 yes, 1 no, 8 not checked yet").waitFor();
        await row.getByText("E8 3DL").waitFor();

        // The event form picks it.
        const title = `Boccia Taster ${Math.random().toString(36).slice(2, 7)}`;
        await goto(page, "/admin?tab=events");
        await page.getByRole("button", { name: "Create event" }).click();
        const form = page.getByRole("dialog", { name: "Create event" });
        await form.getByRole("textbox", { name: "Title" }).fill(title);
        await form.getByRole("textbox", { name: "Description" }).fill("Boccia for every body: seated, standing, all welcome.");
        await form.getByRole("combobox", { name: "Category" }).click();
        await page.getByRole("option", { name: "Fitness", exact: true }).click();
        await form.getByRole("combobox", { name: "Venue" }).click();
        await page.getByRole("option", { name: `${name}, Hackney`, exact: true }).click();
        await form.getByLabel(/^Date/).fill(londonDay(new Date(Date.now() + 6 * 86_400_000).toISOString()));
        await axe.check("event form with a venue");
        await form.getByRole("button", { name: "Create event" }).click();
        await toast(page, "Event created successfully").waitFor();
        const asAdmin = await adminCookie();
        const { body } = await apiAs(asAdmin, "GET", `/api/admin/events?q=${encodeURIComponent(title)}`);
        assert.equal(body.events[0].venue.name, name);
        assert.equal(body.events[0].location, `${name}, Hackney`);

        // Signed out, its page says what was checked.
        await goto(page, `/events/${body.events[0].id}`);
        await page.getByRole("heading", { name: "Venue and access" }).waitFor();
        assert.match(await fact(page, "stepFree").innerText(), /Step-free access: Yes/);
        assert.match(await fact(page, "quietSpace").innerText(), /Quiet space: No/);
        assert.match(await fact(page, "lift").innerText(), /Lift: Not checked yet/);
        await page.getByText(/^Access checked in /).waitFor();

        // With a session it can be retired, not deleted.
        await goto(page, "/admin?tab=venues");
        await page.getByRole("button", { name: `Actions for ${name}` }).click();
        assert.equal(await page.getByRole("menuitem", { name: "Delete" }).count(), 0);
        await page.getByRole("menuitem", { name: "Retire" }).click();
        await toast(page, "Venue retired").waitFor();
        await page.getByRole("row").filter({ hasText: name }).getByText("Retired").waitFor();
        const venues = await api("/api/venues");
        assert.ok(!venues.venues.some((v) => v.name === name), "retired venues leave the public list");
        axe.assertClean();
      },
      { admin: true },
    ));
});
