// Event reminders as a person gets them: a session starting in two hours is booked, the
// server's clock is moved an hour on (POST /api/test/clock, only on a server started with
// TEST_CLOCK=on), and the open page raises 'Reminder: "{title}" starts in 1 hour!' as a
// toast and in the bell without a reload, with the email in the file mailbox. Moving the
// clock again sends nothing more. The clock is put back after the test.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  adminCookie,
  axeChecker,
  bookFor,
  createEventAs,
  goto,
  launchBrowser,
  moveClock,
  registerMember,
  signInContext,
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

test("an hour before a booked session, its reminder arrives in the open page and by email", () =>
  withPage(browser, {}, async (page, context) => {
    const title = `Riverside Run ${Date.now().toString(36)}`;
    const asAdmin = await adminCookie();
    const event = await createEventAs(asAdmin, {
      title,
      category: "Running",
      date: new Date(Date.now() + 2 * 3600_000).toISOString(),
    });
    const member = await registerMember({ firstName: "Kofi" });
    await bookFor(member, event.id);
    await signInContext(context, member);
    await goto(page, "/bookings");
    await page.getByRole("heading", { name: "My Bookings", level: 1 }).waitFor();
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications, / });
    const before = await bell.getAttribute("aria-label");

    const moved = await moveClock(3600 + 60);
    assert.ok(moved.remindersSent >= 1, JSON.stringify(moved));
    const message = `Reminder: "${title}" starts in 1 hour!`;
    // Through the notification stream, within seconds: the fallback poll is a minute.
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: message });
    await toast.waitFor({ timeout: 15_000 });
    assert.notEqual(await bell.getAttribute("aria-label"), before, "the badge counts it");

    await bell.click();
    const item = page.getByRole("dialog", { name: "Notifications" }).getByRole("listitem").filter({ hasText: message });
    await item.getByText("Event Reminder").waitFor();
    const axe = axeChecker(page);
    await axe.check("the panel with a reminder");
    axe.assertClean();

    const mail = await waitForEmail(member.email, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    assert.match(mail.text, new RegExp(`Where: ${event.location}`));
    assert.match(mail.text, /\/bookings/);

    // The same moment again, or a little later: each reminder is sent once.
    const again = await moveClock(3600 + 120);
    assert.equal(again.remindersSent, 0);
  }));
