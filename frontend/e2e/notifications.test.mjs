// The notification bell and panel against the real server: a new member finds the welcome;
// a booking made elsewhere raises the badge and a toast in an open page without a reload
// (through /api/notifications/stream: the fallback poll is a minute, the test waits 15 s);
// mark one read, clear one, mark all read, clear all; Escape returns focus to the bell; axe
// clean with the panel open in both themes at 390 px and desktop. A fifth tab in one browser
// takes the oldest tab's place on the stream (the server keeps four per sign-in); the oldest
// stays off it until the person returns to it. A visitor never loads the bell's code. A
// moderator keeps one notice of the stories waiting for review, written over live as
// strangers share stories and as stories are reviewed. With SCREENSHOT_DIR set, the open
// panel is photographed at 390 px and 1280 px, light and dark.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  api,
  apiAs,
  axeChecker,
  BASE_URL,
  bookFor,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  registerMember,
  registerModerator,
  reload,
  signInContext,
  until,
  withPage,
} from "./helpers.mjs";

let browser;
/** Upcoming sessions with places left, booked by cash (or free) through the API. */
let openEvents;

before(async () => {
  browser = await launchBrowser();
  const events = await api("/api/events");
  openEvents = events.filter((event) => event.currentParticipants < event.maxParticipants - 2);
  assert.ok(openEvents.length >= 5, "the seed data should have sessions with places left");
});

after(async () => {
  await browser?.close();
});

const bell = (page) => page.getByRole("banner").getByRole("button", { name: /^Notifications, / });
const panel = (page) => page.getByRole("dialog", { name: "Notifications" });
const items = (page) => panel(page).getByRole("listitem");
const toastWith = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** `promise`, or a failure naming `what` after 15 s. */
function within(promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after 15 s waiting for ${what}`)), 15_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function expectBell(page, label) {
  await page.getByRole("banner").getByRole("button", { name: label, exact: true }).waitFor({ timeout: 15_000 });
}

const focusInPanel = (page, what) =>
  until(() => panel(page).evaluate((element) => element.contains(document.activeElement)), { what });

const focusOnBell = (page) =>
  until(() => page.evaluate(() => /^Notifications, /.test(document.activeElement?.getAttribute("aria-label") ?? "")), {
    what: "focus back on the bell",
  });

async function screenshotPanel(page, viewport) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const colorScheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
    // Colours fade after a theme change: wait for every finite transition to end.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
    );
    await page.screenshot({ path: join(dir, `notifications-${viewport.width}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
}

describe("notification bell and panel", () => {
  for (const [label, viewport, offset] of [
    ["desktop", DESKTOP, 0],
    ["390 px", MOBILE, 2],
  ]) {
    test(`a member's notifications arrive live and can be read and cleared (${label})`, () =>
      withPage(browser, { viewport }, async (page, context) => {
        const member = await registerMember({ firstName: "Noor" });
        await signInContext(context, member);
        await goto(page, "/about");

        // The welcome written at sign-up.
        await expectBell(page, "Notifications, 1 unread");
        assert.equal((await bell(page).textContent()).trim(), "1");
        await bell(page).click();
        await panel(page).getByRole("heading", { name: "Notifications" }).waitFor();
        await items(page).filter({ hasText: "Welcome to PlaySpace!" }).waitFor();
        await panel(page).getByText("1 unread").waitFor();
        await page.keyboard.press("Escape");
        await panel(page).waitFor({ state: "hidden" });
        await focusOnBell(page);
        // From the keyboard: Enter opens it with focus inside; Escape closes it.
        await page.keyboard.press("Enter");
        await focusInPanel(page, "focus moves into the panel when it opens");
        await page.keyboard.press("Escape");
        await panel(page).waitFor({ state: "hidden" });
        await focusOnBell(page);

        // Two bookings made elsewhere (the API, as the same member): the badge and toasts
        // follow without a reload.
        const [first, second] = openEvents.slice(offset, offset + 2);
        await bookFor(member, first.id);
        await expectBell(page, "Notifications, 2 unread");
        await toastWith(page, `Booking confirmed for "${first.title}"!`).waitFor();
        await bookFor(member, second.id);
        await expectBell(page, "Notifications, 3 unread");
        await toastWith(page, `Booking confirmed for "${second.title}"!`).waitFor();
        assert.equal(await toastWith(page, `"${first.title}"`).count(), 1, "one toast per notification");
        // Toasts pause while the pointer rests on them (they sit over the header's corner).
        await page.mouse.move(10, viewport.height - 10);
        await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });

        await bell(page).click();
        await panel(page).waitFor();
        assert.equal(await items(page).count(), 3);
        await items(page).first().getByText("now", { exact: true }).waitFor();
        const axe = axeChecker(page);
        await axe.check(`notification panel (${label})`);
        await screenshotPanel(page, viewport);

        // Clicking an item marks it read and follows its link.
        await items(page).filter({ hasText: "Welcome to PlaySpace!" }).getByRole("button", { name: /^Unread: Welcome to PlaySpace!/ }).click();
        await page.waitForURL(/\/events$/);
        await panel(page).waitFor({ state: "hidden" });
        await expectBell(page, "Notifications, 2 unread");

        // Clear one.
        await bell(page).click();
        await panel(page).getByRole("button", { name: "Clear notification: Welcome to PlaySpace!" }).click();
        await until(async () => (await items(page).count()) === 2, { what: "one item fewer" });
        await focusInPanel(page, "focus stays in the panel after clearing one");

        // Mark all read.
        await panel(page).getByRole("button", { name: "Mark all read" }).click();
        await expectBell(page, "Notifications, none unread");
        assert.equal(await panel(page).getByText(/unread$/).count(), 0);
        assert.equal((await bell(page).textContent()).trim(), "", "no badge at 0");

        // Clear all.
        await panel(page).getByRole("button", { name: "Clear all" }).click();
        await panel(page).getByText("No notifications").waitFor();
        await panel(page).getByText("You're all caught up!").waitFor();
        await axe.check(`empty notification panel (${label})`);
        await focusInPanel(page, "focus stays in the panel after clearing all");
        await page.keyboard.press("Escape");
        await panel(page).waitFor({ state: "hidden" });
        await focusOnBell(page);
        axe.assertClean();

        // The server agrees.
        await reload(page);
        await expectBell(page, "Notifications, none unread");
      }));
  }

  test("a moderator's bell keeps one notice of the stories waiting for review, brought up to date live", () =>
    withPage(browser, { viewport: DESKTOP }, async (page, context) => {
      const asAdmin = await adminCookie();
      const { member } = await registerModerator(asAdmin, { firstName: "Rae" });
      await signInContext(context, member);
      await goto(page, "/about");
      await expectBell(page, "Notifications, 1 unread");

      // Strangers share two stories; the bell counts them in one notice.
      const share = async (title) => {
        const response = await fetch(`${BASE_URL}/api/blog-posts/submit`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            title,
            content: "I had not kicked a ball in twenty years, and nobody minded at all. We laughed the whole hour.",
            excerpt: "Back on the pitch after twenty years.",
            category: "Member Story",
            authorName: "A new member",
          }),
        });
        assert.equal(response.status, 201, await response.text());
      };
      const notices = items(page).filter({ hasText: /waiting for review/ });
      await share("Back on the pitch");
      await expectBell(page, "Notifications, 2 unread");
      await bell(page).click();
      await panel(page).waitFor();
      await notices.first().waitFor();
      // Stories other tests left waiting count too: the notice says how many.
      const waiting = Number((await notices.first().textContent()).match(/(\d+) stor(?:y|ies) waiting for review/)[1]);
      assert.ok(waiting >= 1);

      await share("Twenty years later");
      const title = (n) => `${n} ${n === 1 ? "story" : "stories"} waiting for review`;
      await notices.filter({ hasText: title(waiting + 1) }).waitFor({ timeout: 15_000 });
      await notices.filter({ hasText: "The newest is “Twenty years later”." }).waitFor();
      assert.equal(await notices.count(), 1, "one notice, written over");
      assert.equal(await items(page).count(), 2, "the welcome is still there");
      await expectBell(page, "Notifications, 2 unread");
      await toastWith(page, title(waiting + 1)).waitFor();
      const axe = axeChecker(page);
      await axe.check("the review queue's notice in the panel");

      // Approving both brings it back down, or takes it away when none are left.
      const { body: queue } = await apiAs(asAdmin, "GET", "/api/admin/blog-posts?status=submitted");
      const ours = queue.posts.filter((post) => ["Back on the pitch", "Twenty years later"].includes(post.title));
      assert.equal(ours.length, 2);
      for (const post of ours) {
        const { status } = await apiAs(asAdmin, "POST", `/api/admin/blog-posts/${post.id}/approve`);
        assert.equal(status, 200);
      }
      if (waiting - 1 === 0) {
        await until(async () => (await notices.count()) === 0, { what: "the notice to go", timeoutMs: 15_000 });
        await expectBell(page, "Notifications, 1 unread");
      } else {
        await notices.filter({ hasText: title(waiting - 1) }).waitFor({ timeout: 15_000 });
      }
      assert.equal(await items(page).filter({ hasText: "Welcome to PlaySpace!" }).count(), 1);
      axe.assertClean();
    }));

  test("a fifth tab takes the oldest tab's live updates, which come back when the person returns to it", () =>
    withPage(browser, { viewport: DESKTOP }, async (first, context) => {
      const member = await registerMember({ firstName: "Tabs" });
      await signInContext(context, member);
      /**
       * Opens a tab on /about; returns its stream requests, its first stream's answer, and
       * when that stream ended (the page aborts the request when it closes the stream itself).
       */
      const openTab = async (page) => {
        const streams = [];
        let ended;
        const end = new Promise((resolve) => {
          ended = resolve;
        });
        page.on("request", (request) => {
          if (new URL(request.url()).pathname === "/api/notifications/stream") streams.push(request);
        });
        for (const outcome of ["requestfinished", "requestfailed"]) {
          page.on(outcome, (request) => request === streams[0] && ended());
        }
        const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/notifications/stream");
        await goto(page, "/about");
        await expectBell(page, "Notifications, 1 unread");
        return { page, streams, answer: await answer, end };
      };
      const oldest = await openTab(first);
      const others = [];
      for (let i = 0; i < 4; i += 1) others.push(await openTab(await context.newPage()));

      // The fifth tab's stream ended the first one's; the first does not reconnect by itself.
      assert.equal(oldest.answer.status(), 200);
      await within(oldest.end, "the first tab's stream to end");
      // The four newest are live: a booking made elsewhere reaches each of them.
      await bookFor(member, openEvents[4].id);
      for (const tab of others) await expectBell(tab.page, "Notifications, 2 unread");
      assert.equal(oldest.streams.length, 1, "the replaced tab stayed off the stream");

      // The person comes back to the first tab: it takes a stream again and catches up, and
      // now the oldest other tab is the one replaced.
      await first.bringToFront();
      // Headless Chromium keeps every page visible and focused, so it never tells a page the
      // person came back to it: the test says so as the browser would, with a focus event.
      await first.evaluate(() => window.dispatchEvent(new FocusEvent("focus")));
      await until(() => oldest.streams.length === 2, { what: "the first tab to reconnect when brought to the front" });
      await expectBell(first, "Notifications, 2 unread");
      await within(others[0].end, "the second tab's stream to end");
      const axe = axeChecker(first);
      await axe.check("a tab back on the stream");
      axe.assertClean();
      for (const tab of others) await tab.page.close();
    }));

  test("a visitor's page has no bell and never loads its code or asks for notifications", () =>
    withPage(browser, { viewport: MOBILE }, async (page) => {
      const asked = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith("/api/notifications") || /notification/.test(path)) asked.push(path);
      });
      await goto(page, "/");
      await page.getByRole("banner").getByRole("button", { name: "Menu" }).waitFor();
      // Let the app's code load and hydrate the prerendered page.
      await page.waitForFunction(() => document.querySelectorAll('[role="status"]').length === 0);
      assert.equal(await bell(page).count(), 0);
      assert.deepEqual(asked, []);
    }));
});
