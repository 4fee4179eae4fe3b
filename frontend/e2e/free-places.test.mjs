// Companion and solidarity places (ADR 0022), clicked through as people would: an admin
// offers them on the event form, a member books a free solidarity place with a companion
// ("+1 companion" in My Bookings and on the register), and cancelling frees both places.
// Screenshots of the new screens at 390 px and 1280 px, light and dark, go to
// e2e/screenshots/ (git-ignored) for a person to look at.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  adminCookie,
  api,
  apiAs,
  axeChecker,
  BASE_URL,
  createEventAs,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  registerMember,
  sessionCookie,
  signInAdminContext,
  signInContext,
  until,
  withPage,
} from "./helpers.mjs";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "screenshots");

let browser;
let asAdmin;

before(async () => {
  browser = await launchBrowser();
  asAdmin = await adminCookie();
  await mkdir(outDir, { recursive: true });
});

after(async () => {
  await browser?.close();
});

const tag = () => Math.random().toString(36).slice(2, 7);
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString();
const SIZES = [
  ["390", MOBILE],
  ["1280", DESKTOP],
];

async function shoot(page, name, size, colorScheme, { fullPage = true } = {}) {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
  await page.screenshot({ path: join(outDir, `${name}-${size}-${colorScheme}.png`), fullPage });
}

const eventNow = (id) => api(`/api/events/${id}`);

/** Fills the booking form's personal details (prefilled from the profile where known). */
async function fillDetails(page) {
  const box = (name) => page.getByRole("textbox", { name, exact: true });
  if (!(await box("Phone Number").inputValue())) await box("Phone Number").fill("07700 900123");
  if (!(await box("Emergency Contact").inputValue())) await box("Emergency Contact").fill("Jo Okafor");
  if (!(await box("Emergency Phone").inputValue())) await box("Emergency Phone").fill("07700 900456");
}

describe("companion and solidarity places", () => {
  test("an admin offers companion and solidarity places on the event form", () =>
    withPage(browser, { prepare: (context) => signInAdminContext(context) }, async (page) => {
      const axe = axeChecker(page);
      const title = `Wheelchair Basketball ${tag()}`;
      const event = await createEventAs(asAdmin, { title, price: "5.00", maxParticipants: 10, date: inDays(9) });
      assert.equal(event.companionAllowed, false);
      assert.equal(event.solidarityPlaces, 0);

      await goto(page, "/admin?tab=events");
      await page.getByRole("heading", { name: "Events", level: 2 }).waitFor();
      await page.getByRole("searchbox", { name: "Search events" }).fill(title);
      const row = page.getByRole("region", { name: /events, page/ }).getByRole("row").filter({ hasText: title });
      await row.getByRole("button", { name: `Actions for ${title}` }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit event" });
      const companion = dialog.getByRole("checkbox", { name: /Companion places/ });
      const solidarity = dialog.getByRole("spinbutton", { name: /Solidarity places/ });
      assert.equal(await companion.isChecked(), false);
      assert.equal(await solidarity.inputValue(), "0");

      // More than the session's places: the server's words, on the field.
      await companion.check();
      await solidarity.fill("11");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await dialog.getByText("Solidarity places cannot be more than the session's places").waitFor();
      assert.equal(await solidarity.getAttribute("aria-invalid"), "true");
      await axe.check("edit event dialog with a solidarity places error");

      await solidarity.fill("2");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await dialog.waitFor({ state: "detached" });
      const saved = await until(async () => {
        const now = await eventNow(event.id);
        return now.companionAllowed && now.solidarityPlaces === 2 ? now : null;
      }, { what: "the event to offer companion and solidarity places" });
      assert.equal(saved.solidarityPlacesLeft, 2);

      // The dialog as an admin sees it, for the screenshots.
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await row.getByRole("button", { name: `Actions for ${title}` }).click();
        await page.getByRole("menuitem", { name: "Edit" }).click();
        await dialog.getByRole("checkbox", { name: /Companion places/ }).waitFor();
        assert.equal(await dialog.getByRole("checkbox", { name: /Companion places/ }).isChecked(), true);
        await dialog.getByRole("button", { name: "Save changes" }).scrollIntoViewIfNeeded();
        for (const scheme of ["light", "dark"]) await shoot(page, "admin-event-free-places-dialog", size, scheme, { fullPage: false });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
      }
      axe.assertClean();
    }));

  test("a member books a free solidarity place with a companion; the register and My Bookings say +1 companion; cancelling frees both", async () => {
    const title = `Swim for All ${tag()}`;
    const event = await createEventAs(asAdmin, {
      title,
      category: "Swimming",
      price: "5.00",
      maxParticipants: 10,
      date: inDays(6),
      companionAllowed: true,
      solidarityPlaces: 1,
    });
    const member = await registerMember({ firstName: "Amara", lastName: "Okafor" });

    await withPage(browser, { prepare: (context) => signInContext(context, member) }, async (page) => {
      const axe = axeChecker(page);
      // The card and the event page say a free place is there.
      await goto(page, `/events?sport=Swimming&q=${encodeURIComponent(title)}`);
      await page.getByRole("heading", { name: title }).waitFor();
      await page.getByText("1 free place available").waitFor();
      await axe.check("events list with free places");
      await goto(page, `/events/${event.id}`);
      await page.getByRole("heading", { name: title, level: 1 }).waitFor();
      await page.getByTestId("free-places").getByText("1 free place available").waitFor();
      await page.getByText("Bring a companion free (a carer, assistant or interpreter)").waitFor();
      await axe.check("event page with free places");

      await goto(page, `/booking/${event.id}`);
      await page.getByRole("checkbox", { name: /Bring a companion/ }).check();
      const name = page.getByRole("textbox", { name: /Companion's first name/ });
      await name.fill("Sam");
      await page.getByRole("radio", { name: /Use a free solidarity place/ }).check();
      await fillDetails(page);
      await page.getByRole("checkbox", { name: /I agree/ }).check();
      await axe.check("booking form with a companion and a solidarity place");
      await page.getByRole("button", { name: "Confirm Booking - Free" }).click();
      await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
      await axe.check("booking confirmed");

      // Both places taken at once, the solidarity place with them.
      const booked = await eventNow(event.id);
      assert.equal(booked.currentParticipants, 2, "the member and their companion");
      assert.equal(booked.solidarityPlacesLeft, 0);

      await goto(page, "/bookings");
      const item = page.getByRole("article", { name: title });
      await item.getByText("+1 companion: Sam").waitFor();
      await item.getByText("Free solidarity place").waitFor();
      await axe.check("my bookings with a companion");
    });

    // The session's register, as the admin sees it.
    await withPage(browser, { prepare: (context) => signInAdminContext(context) }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, `/admin/register/${event.id}`);
      await page.getByRole("heading", { name: `Register: ${title}`, level: 1 }).waitFor();
      const attendees = page.getByRole("list", { name: "Attendees" });
      await attendees.getByRole("heading", { name: "Amara Okafor" }).waitFor();
      await attendees.getByText("+1 companion: Sam").waitFor();
      await attendees.getByText("Solidarity place · Free").waitFor();
      await page.getByText(/1 companion comes too, on free places: 2\s+people in all\./).waitFor();
      await axe.check("register with a companion");
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const scheme of ["light", "dark"]) await shoot(page, "register-companion", size, scheme);
      }
      await page.setViewportSize(DESKTOP);

      // The Bookings tab says so too.
      await goto(page, `/admin?tab=bookings&eventId=${encodeURIComponent(event.id)}`);
      await page.getByRole("heading", { name: "Bookings", level: 2 }).waitFor();
      await page.getByRole("table").getByText("+1 companion: Sam").waitFor();
      await axe.check("bookings tab with a companion");
      axe.assertClean();
    });

    await withPage(browser, { prepare: (context) => signInContext(context, member) }, async (page) => {
      await goto(page, "/bookings");
      const item = page.getByRole("article", { name: title });
      await item.getByText("+1 companion: Sam").waitFor();
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const scheme of ["light", "dark"]) await shoot(page, "my-bookings-companion", size, scheme);
      }
      await page.setViewportSize(DESKTOP);
      await item.getByRole("button", { name: /^Cancel Booking/ }).click();
      await page.getByRole("alertdialog", { name: "Cancel this booking?" }).getByRole("button", { name: "Yes, Cancel Booking" }).click();
      await item.getByText("Status: Cancelled", { exact: true }).waitFor();
      const freed = await eventNow(event.id);
      assert.equal(freed.currentParticipants, 0, "both places are freed");
      assert.equal(freed.solidarityPlacesLeft, 1, "and the solidarity place");
    });
  });

  test("a Supporter sees how many free places their plan funded this month", async () => {
    const member = await registerMember({ firstName: "Priya", lastName: "Shah" });
    // A solidarity place taken for a session later today, so this month has one used.
    const soon = await createEventAs(asAdmin, {
      title: `Table Tennis ${tag()}`,
      price: "4.00",
      date: new Date(Date.now() + 30 * 60_000).toISOString(),
      solidarityPlaces: 1,
    });
    const taker = await registerMember({ firstName: "Oleh" });
    const { status } = await apiAs(await sessionCookie(taker), "POST", "/api/bookings", { eventId: soon.id, solidarity: true });
    assert.equal(status, 201);

    await withPage(browser, { prepare: (context) => signInContext(context, member) }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, "/membership");
      const supporter = page.getByRole("region", { name: "Supporter", exact: true });
      await supporter.getByRole("button", { name: "Choose Supporter" }).click();
      await page.waitForURL(/\/checkout\/cs_/);
      await page.getByRole("button", { name: "Pay £30.00" }).click();
      await page.waitForURL(`${BASE_URL}/membership`);
      await page.getByText("You're on the Supporter plan", { exact: false }).waitFor();
      const funded = page.getByTestId("supporter-funded");
      await funded.waitFor();
      // The words match the server's share for this person (other tests' Supporters and
      // places share the month too).
      const month = await page.evaluate(() => fetch("/api/solidarity").then((r) => r.json()));
      assert.equal(typeof month.yourShare, "number");
      const text = (await funded.textContent()).trim();
      if (month.yourShare === 0) assert.match(text, /^No free places have been taken yet this month/);
      else assert.match(text, new RegExp(`^Your plan funded ${String(month.yourShare).replace(".", "\\.")} free places? this month\\. Thank you\\.$`));
      await axe.check("membership: a Supporter's month");
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const scheme of ["light", "dark"]) await shoot(page, "membership-supporter", size, scheme);
      }
      axe.assertClean();
    });
  });

  test("the booking form offers a companion and a free solidarity place, on a phone and a desktop", async () => {
    const title = `Boxing Basics ${tag()}`;
    const event = await createEventAs(asAdmin, {
      title,
      category: "Boxing",
      price: "6.00",
      maxParticipants: 12,
      date: inDays(8),
      companionAllowed: true,
      solidarityPlaces: 3,
    });
    const member = await registerMember({ firstName: "Daria", lastName: "Kovalenko" });
    for (const [size, viewport] of SIZES) {
      await withPage(browser, { viewport, prepare: (context) => signInContext(context, member) }, async (page) => {
        const axe = axeChecker(page);
        await goto(page, `/booking/${event.id}`);
        await page.getByText("3 free places available").first().waitFor();
        await page.getByRole("checkbox", { name: /Bring a companion/ }).check();
        await page.getByRole("textbox", { name: /Companion's first name/ }).waitFor();
        await page.getByRole("radio", { name: /Use a free solidarity place/ }).check();
        await page.getByRole("button", { name: "Confirm Booking - Free" }).waitFor();
        assert.ok(
          await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
          "no sideways scrolling",
        );
        await axe.check(`booking form (${size} px)`);
        for (const scheme of ["light", "dark"]) await shoot(page, "booking-form-free-places", size, scheme);
        await goto(page, `/events/${event.id}`);
        await page.getByTestId("free-places").waitFor();
        for (const scheme of ["light", "dark"]) await shoot(page, "event-free-places", size, scheme);
        axe.assertClean();
      });
    }
  });
});
