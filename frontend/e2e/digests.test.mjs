// "A session you'd like was just added", as a person gets it: someone who wants daily
// alerts for Yoga at any time is registered, a Yoga session is published, and the server's
// clock is moved a day on (POST /api/test/clock, only with TEST_CLOCK=on). The digest is in
// the file mailbox with a book link, a preferences link and an unsubscribe link; the link,
// opened signed out, turns the alerts off. The clock is put back after the test.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  adminCookie,
  apiAs,
  axeChecker,
  createEventAs,
  goto,
  launchBrowser,
  linkTo,
  moveClock,
  registerMember,
  sessionCookie,
  waitForEmail,
  withPage,
} from "./helpers.mjs";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await moveClock(0);
  await browser?.close();
});

const DAY = 24 * 3600;

/** Daily alerts for Yoga, any day, any time, by email and in the app. */
async function wantDailyYoga(cookie) {
  const { body } = await apiAs(cookie, "GET", "/api/user/preferences");
  const preferences = structuredClone(body.preferences);
  preferences.sports.favorites = ["Yoga"];
  preferences.availability.days = ["Flexible"];
  preferences.availability.times = ["Morning", "Afternoon", "Evening", "Late Night"];
  preferences.notifications.methods = ["email", "browser"];
  preferences.notifications.recommendations = { enabled: true, frequency: "daily" };
  const saved = await apiAs(cookie, "PUT", "/api/user/preferences", { preferences });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
}

test("a day after a matching session is published, its digest arrives and its unsubscribe link works", async () => {
  const member = await registerMember({ firstName: "Amara" });
  const cookie = await sessionCookie(member);
  await wantDailyYoga(cookie);
  const title = `Sunrise Yoga ${Date.now().toString(36)}`;
  const event = await createEventAs(await adminCookie(), {
    title,
    category: "Yoga",
    date: new Date(Date.now() + 3 * DAY * 1000).toISOString(),
  });

  // Not yet: a daily digest waits a day from sign-up.
  assert.equal((await moveClock(DAY - 3600)).digestsSent, 0);
  const moved = await moveClock(DAY + 60);
  assert.ok(moved.digestsSent >= 1, JSON.stringify(moved));

  const mail = await waitForEmail(member.email, /^New sessions you might like$/);
  assert.match(mail.text, new RegExp(title));
  assert.match(mail.text, new RegExp(`/events/${event.id}`), "a link to book it");
  assert.match(mail.text, /\/preferences/, "a link to change what is sent");
  const { body: notifications } = await apiAs(cookie, "GET", "/api/notifications");
  assert.ok(
    notifications.notifications.some((n) => n.title === "New sessions for you"),
    JSON.stringify(notifications),
  );
  // Once per day: the same day again sends nothing more.
  assert.equal((await moveClock(DAY + 120)).digestsSent, 0);

  const link = linkTo(mail, "/unsubscribe?token=");
  await withPage(browser, {}, async (page) => {
    const axe = axeChecker(page);
    await goto(page, link);
    await page.getByRole("heading", { name: "Unsubscribe", level: 1 }).waitFor();
    await page.getByText(/Stop emails about new sessions that match your favourite sports/).waitFor();
    await axe.check("session-alerts unsubscribe page");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You're Unsubscribed", level: 1 }).waitFor();
    await page.getByText("Turn recommendations back on in your preferences.", { exact: false }).waitFor();
    await axe.check("unsubscribed from session alerts");
    axe.assertClean();
  });
  const { body } = await apiAs(cookie, "GET", "/api/user/preferences");
  assert.equal(body.preferences.notifications.recommendations.enabled, false, "alerts are off");
});
