// The admin dashboard's Events tab in the browser, as the tests' administrator: creating a
// session, changing a price inline, creating a weekly series that then shows on /events, and
// moving a booked session's time, which emails the person booked ("Changed: ...").
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  apiAs,
  axeChecker,
  bookFor,
  createEventAs,
  goto,
  launchBrowser,
  londonDay,
  openPage,
  registerMember,
  signInAdminContext,
  until,
  waitForEmail,
} from "./helpers.mjs";

let browser;
let asAdmin;

before(async () => {
  browser = await launchBrowser();
  asAdmin = await adminCookie();
});

after(async () => {
  await browser?.close();
});

async function withAdmin(options, body) {
  const { context, page, errors } = await openPage(browser, options);
  try {
    await signInAdminContext(context);
    await body(page, context);
    assert.deepEqual(errors.map(String), [], "the page logged errors");
  } finally {
    await context.close();
  }
}

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const tag = () => Math.random().toString(36).slice(2, 7);
const DAY = 86_400_000;
/** The London day `days` from now, "YYYY-MM-DD". */
const dayFromNow = (days) => londonDay(new Date(Date.now() + days * DAY).toISOString());

async function openEvents(page, query = "") {
  await goto(page, "/admin?tab=events");
  await page.getByRole("heading", { name: "Events", level: 2 }).waitFor();
  if (query) await page.getByRole("searchbox", { name: "Search events" }).fill(query);
}

const eventsTable = (page) => page.getByRole("region", { name: /events, page/ });
const rowOf = (page, title) => eventsTable(page).getByRole("row").filter({ hasText: title });

/** Picks `option` in the Radix select named `name` inside `scope`. */
async function choose(page, scope, name, option) {
  await scope.getByRole("combobox", { name }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("admin events", () => {
  test("creates a session, then changes its price inline", () =>
    withAdmin({}, async (page) => {
      const axe = axeChecker(page);
      const title = `Sunday Swim ${tag()}`;
      await openEvents(page);
      await axe.check("events tab");

      await page.getByRole("button", { name: "Create event" }).click();
      const dialog = page.getByRole("dialog", { name: "Create event" });
      await dialog.getByRole("textbox", { name: "Title" }).fill(title);
      await dialog.getByRole("textbox", { name: "Description" }).fill("Lane swimming for adults who are new to it.");
      await choose(page, dialog, "Category", "Swimming");
      await choose(page, dialog, "Venue", "London Fields Lido, Hackney");
      await dialog.getByLabel(/^Date/).fill(dayFromNow(9));
      await dialog.getByLabel("Start time").fill("10:15");
      await dialog.getByRole("textbox", { name: "Price (£)" }).fill("4");
      await axe.check("create event dialog");
      await dialog.getByRole("button", { name: "Create event" }).click();
      await toast(page, "Event created successfully").waitFor();
      await dialog.waitFor({ state: "detached" });

      await page.getByRole("searchbox", { name: "Search events" }).fill(title);
      const row = rowOf(page, title);
      await row.getByText("£4.00").waitFor();
      await row.getByRole("button", { name: `Edit price of ${title}` }).click();
      const price = row.getByRole("textbox", { name: `Price of ${title}` });
      await price.fill("6.5");
      await price.press("Enter");
      await toast(page, "Event updated successfully").waitFor();
      await row.getByText("£6.50").waitFor();

      const { body } = await apiAs(asAdmin, "GET", `/api/admin/events?when=upcoming&q=${encodeURIComponent(title)}`);
      assert.equal(body.events.length, 1);
      assert.equal(body.events[0].price, "6.50");
      assert.equal(body.events[0].category, "Swimming");
      assert.equal(body.events[0].duration, 60, "the spec's default duration");
      assert.equal(body.events[0].maxParticipants, 20, "the spec's default capacity");
      assert.equal(londonDay(body.events[0].date), dayFromNow(9));
      axe.assertClean();
    }));

  test("creates a weekly series whose sessions show on /events", () =>
    withAdmin({}, async (page) => {
      const axe = axeChecker(page);
      const title = `Wednesday Netball ${tag()}`;
      const firstDate = dayFromNow(8);
      const lastDate = londonDay(new Date(Date.parse(`${firstDate}T12:00:00Z`) + 21 * DAY).toISOString());
      await openEvents(page);

      await page.getByRole("button", { name: "Create series" }).click();
      const dialog = page.getByRole("dialog", { name: "Create series" });
      await dialog.getByRole("textbox", { name: "Title" }).fill(title);
      await dialog.getByRole("textbox", { name: "Description" }).fill("Friendly netball, every week, all welcome.");
      await choose(page, dialog, "Category", "Basketball");
      await choose(page, dialog, "Venue", "Mile End Leisure Centre, Tower Hamlets");
      await dialog.getByLabel("First date").fill(firstDate);
      await dialog.getByLabel("Start time").fill("19:00");
      await dialog.getByRole("radio", { name: "Every week" }).check();
      await dialog.getByLabel("Until").fill(lastDate);
      await dialog.getByRole("status").filter({ hasText: /4 sessions/ }).waitFor();
      await axe.check("series dialog");
      await dialog.getByRole("button", { name: "Create series" }).click();
      const created = toast(page, "Event created successfully");
      await created.waitFor();
      await created.getByText(`${title}: 4 sessions created`).waitFor();
      await dialog.waitFor({ state: "detached" });

      await page.getByRole("searchbox", { name: "Search events" }).fill(title);
      await until(async () => (await eventsTable(page).locator("tbody tr").count()) === 4, { what: "the 4 sessions" });
      assert.equal(await rowOf(page, title).filter({ hasText: "Series" }).count(), 4);

      // The public events page lists each session.
      await goto(page, `/events?sport=Basketball&q=${encodeURIComponent(title)}`);
      await page.getByRole("status").filter({ hasText: "4 events match your filters" }).waitFor();
      assert.equal(await page.getByRole("heading", { name: title }).count(), 4);
      axe.assertClean();
    }));

  test("moving a booked session's time emails the person booked", () =>
    withAdmin({}, async (page) => {
      const axe = axeChecker(page);
      const title = `Evening Yoga ${tag()}`;
      const event = await createEventAs(asAdmin, {
        title,
        category: "Yoga",
        date: new Date(Date.parse(`${dayFromNow(10)}T18:00:00Z`)).toISOString(),
      });
      const member = await registerMember({ firstName: "Folake" });
      await bookFor(member, event.id);

      await openEvents(page, title);
      const row = rowOf(page, title);
      await row.getByText("1 / 20").waitFor();
      await row.getByRole("button", { name: `Actions for ${title}` }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit event" });
      await axe.check("edit event dialog");
      await dialog.getByLabel("Start time").fill("20:15");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      const updated = toast(page, "Event updated successfully");
      await updated.waitFor();
      await updated.getByText("1 person was told.").waitFor();

      const mail = await waitForEmail(member.email, new RegExp(`^Changed: ${title}$`));
      assert.match(mail.text, /20:15/, "the new time is in the email");
      const { body } = await apiAs(asAdmin, "GET", `/api/admin/events?when=upcoming&q=${encodeURIComponent(title)}`);
      assert.equal(
        new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }).format(
          new Date(body.events[0].date),
        ),
        "20:15",
      );
      axe.assertClean();
    }));
});
