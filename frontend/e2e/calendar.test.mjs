// Calendar preferences in the browser against the real server: a member who picks Google
// Calendar or Outlook on /preferences gets an 'Add to …' link, filled in with the event,
// beside 'Download Calendar'; with automatic download on, the .ics starts by itself after a
// cash booking and on the card payment's /success page, once (not again on reload); the
// .ics format adds nothing. Axe on the screens with the links; with SCREENSHOT_DIR set, the
// cash confirmation is photographed at 390 px and 1280 px, light and dark.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  api,
  axeChecker,
  BASE_URL,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  withPage,
  registerMember,
  signInContext,
} from "./helpers.mjs";

let browser;
/** Paid events with places left that start more than a day from now, one per test. */
let paidEvents;

before(async () => {
  browser = await launchBrowser();
  const events = await api("/api/events");
  paidEvents = events.filter(
    (event) =>
      Number(event.price) > 0 &&
      event.currentParticipants + 3 <= event.maxParticipants &&
      Date.parse(event.date) > Date.now() + 24 * 60 * 60 * 1000,
  );
  // From the middle: the booking tests take theirs from the end.
  paidEvents = paidEvents.slice(Math.floor(paidEvents.length / 3));
  assert.ok(paidEvents.length >= 4, "the seed data should have paid events with places left");
});

after(async () => {
  await browser?.close();
});

function takePaidEvent() {
  const event = paidEvents.shift();
  assert.ok(event, "ran out of paid events for the tests");
  return event;
}

const pounds = (price) => `£${Number(price).toFixed(2)}`;

function utcStamp(iso) {
  return new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** A signed-in page for a new member that counts downloads (see withPage). */
async function withMember(options, body) {
  const member = await registerMember();
  await withPage(browser, { ...options, prepare: (context) => signInContext(context, member) }, async (page) => {
    const downloads = [];
    page.on("download", (download) => downloads.push(download.suggestedFilename()));
    await body(page, downloads);
  });
}

/** Sets the calendar preferences on /preferences as a person would, and saves. */
async function chooseCalendar(page, { format, autoDownload }) {
  await goto(page, "/preferences");
  await page.getByRole("tab", { name: "Calendar" }).click();
  await page.getByRole("radio", { name: new RegExp(`^${format}`) }).check();
  const auto = page.getByRole("switch", { name: "Add bookings to my calendar automatically" });
  if ((await auto.getAttribute("aria-checked")) !== String(autoDownload)) await auto.click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await page.getByText("Preferences updated successfully!").first().waitFor();
}

/** Books `event` with cash on /booking/{id}; returns the reference. */
async function bookWithCash(page, event) {
  await goto(page, `/booking/${event.id}`);
  await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
  await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
  await page.getByRole("button", { name: `Confirm Booking - ${pounds(event.price)}` }).click();
  await page.getByRole("heading", { name: "Booking Confirmed!", level: 1 }).waitFor();
  return (await page.getByTestId("booking-reference").textContent()).trim();
}

/**
 * Shows that the page started no download by itself beyond those in `downloads` so far. Once
 * the page is drawn with the person's preferences (the caller waited for that), the test
 * clicks a link to another file (the site's icon, from a link added for the purpose) and
 * waits for that download. The page decides on an automatic download as it draws with the
 * preferences, before that click, and the browser begins downloads in the order they were
 * asked for, so one the page had started would be listed before the probe.
 */
async function noOtherDownload(page, downloads) {
  const before = [...downloads];
  await page.evaluate(() => {
    const probe = document.createElement("a");
    probe.href = "/favicon.svg";
    probe.download = "favicon.svg";
    probe.textContent = "Download the probe";
    probe.dataset.probe = "";
    document.body.append(probe);
  });
  const probed = page.waitForEvent("download", (download) => new URL(download.url()).pathname === "/favicon.svg");
  await page.getByRole("link", { name: "Download the probe" }).click();
  await probed;
  await page.evaluate(() => document.querySelector("[data-probe]")?.remove());
  assert.deepEqual(downloads, [...before, "favicon.svg"], "no download but the probe's");
  downloads.pop();
}

describe("calendar preferences", () => {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["390 px", MOBILE],
  ]) {
    test(`Google Calendar: 'Add to Google Calendar' with the event filled in after a cash booking (${label})`, () =>
      withMember({ viewport }, async (page, downloads) => {
        await chooseCalendar(page, { format: "Google Calendar", autoDownload: false });
        const event = takePaidEvent();
        const reference = await bookWithCash(page, event);

        const main = page.getByRole("main");
        await main.getByRole("link", { name: "Download Calendar" }).waitFor();
        const google = main.getByRole("link", { name: "Add to Google Calendar (opens in a new tab)" });
        await google.waitFor();
        assert.equal(await google.getAttribute("target"), "_blank");
        assert.equal(await google.getAttribute("rel"), "noopener noreferrer");
        const url = new URL(await google.getAttribute("href"));
        assert.equal(`${url.origin}${url.pathname}`, "https://calendar.google.com/calendar/render");
        assert.equal(url.searchParams.get("action"), "TEMPLATE");
        assert.equal(url.searchParams.get("text"), event.title);
        const end = new Date(Date.parse(event.date) + event.duration * 60_000).toISOString();
        assert.equal(url.searchParams.get("dates"), `${utcStamp(event.date)}/${utcStamp(end)}`);
        assert.equal(url.searchParams.get("location"), event.location);
        const details = url.searchParams.get("details");
        assert.match(details, new RegExp(`Booking reference: ${reference}`));
        assert.ok(details.includes(`${BASE_URL}/events/${event.id}`), `the event page's address in ${details}`);
        assert.equal(await main.getByRole("link", { name: /Add to Outlook/ }).count(), 0);

        // Automatic download is off: nothing was saved without asking (the Google link shows
        // the page has the preferences).
        await noOtherDownload(page, downloads);
        assert.deepEqual(downloads, []);

        const axe = axeChecker(page);
        await axe.check(`booking confirmed with Google Calendar (${label})`);
        axe.assertClean();

        const dir = process.env.SCREENSHOT_DIR;
        if (dir) {
          for (const colorScheme of ["light", "dark"]) {
            await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
            await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
            await page.screenshot({ path: join(dir, `calendar-confirmed-${viewport.width}-${colorScheme}.png`), fullPage: true });
          }
        }
      }));
  }

  test("Outlook and automatic download: the .ics starts by itself after a cash booking", () =>
    withMember({}, async (page, downloads) => {
      await chooseCalendar(page, { format: "Outlook", autoDownload: true });
      const event = takePaidEvent();
      const downloaded = page.waitForEvent("download");
      const reference = await bookWithCash(page, event);
      assert.equal((await downloaded).suggestedFilename(), `${reference}.ics`);

      const outlook = page.getByRole("main").getByRole("link", { name: "Add to Outlook (opens in a new tab)" });
      const url = new URL(await outlook.getAttribute("href"));
      assert.equal(`${url.origin}${url.pathname}`, "https://outlook.live.com/calendar/0/action/compose");
      assert.equal(url.searchParams.get("subject"), event.title);
      assert.equal(url.searchParams.get("startdt"), new Date(event.date).toISOString().replace(/\.\d{3}Z$/, "Z"));
      assert.equal(await page.getByRole("link", { name: /Add to Google Calendar/ }).count(), 0);
      await noOtherDownload(page, downloads);
      assert.deepEqual(downloads, [`${reference}.ics`], "exactly one download");

      // My Bookings lists it with the same links, and downloads nothing by itself.
      await goto(page, "/bookings");
      const item = page.getByRole("article", { name: event.title });
      await item.getByRole("link", { name: "Add to Outlook (opens in a new tab)" }).waitFor();
      await noOtherDownload(page, downloads);
      assert.deepEqual(downloads, [`${reference}.ics`]);
      const axe = axeChecker(page);
      await axe.check("My Bookings with Outlook");
      axe.assertClean();
    }));

  test("automatic download on the card payment's /success page, and not again on reload", () =>
    withMember({}, async (page, downloads) => {
      await chooseCalendar(page, { format: "Google Calendar", autoDownload: true });
      const event = takePaidEvent();
      await goto(page, `/events/${event.id}`);
      const card = page.getByRole("complementary", { name: "Booking" });
      await card.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await card.getByRole("button", { name: `Proceed to Payment (${pounds(event.price)})` }).click();
      await page.waitForURL(/\/checkout\/cs_/);
      const downloaded = page.waitForEvent("download");
      await page.getByRole("button", { name: `Pay ${pounds(event.price)}` }).click();
      await page.waitForURL(/\/success\?session_id=/);
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      const reference = (await page.getByTestId("booking-reference").textContent()).trim();
      assert.equal((await downloaded).suggestedFilename(), `${reference}.ics`);
      const google = page.getByRole("main").getByRole("link", { name: "Add to Google Calendar (opens in a new tab)" });
      assert.equal(new URL(await google.getAttribute("href")).searchParams.get("text"), event.title);

      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      await google.waitFor();
      await noOtherDownload(page, downloads);
      assert.deepEqual(downloads, [`${reference}.ics`], "one download, none on reload");
      const axe = axeChecker(page);
      await axe.check("/success with Google Calendar");
      axe.assertClean();
    }));

  test("the .ics format adds no other link, and automatic download off downloads nothing", () =>
    withMember({ viewport: MOBILE }, async (page, downloads) => {
      await chooseCalendar(page, { format: "Calendar file", autoDownload: false });
      const event = takePaidEvent();
      // This format draws nothing else, so the confirmation has the preferences once the
      // booking page's answer for them is in.
      const preferences = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/api/user/preferences" && response.frame().url().includes(`/booking/${event.id}`),
      );
      await bookWithCash(page, event);
      await (await preferences).finished();
      await noOtherDownload(page, downloads);
      assert.equal(await page.getByRole("link", { name: /^Add to / }).count(), 0);
      assert.deepEqual(downloads, []);
    }));
});
