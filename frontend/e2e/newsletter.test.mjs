// Issue 13, item 6: the blog's newsletter, double opt-in. Subscribing from /blog shows the one
// answer in a live region; the confirmation email lands in the file mailbox; its link opens
// /newsletter/confirm, which says the address is subscribed; subscribing again gets the same
// answer and no second email. A bad address shows its field error. axe on the box and the
// confirm page, light and dark, at 390 px and desktop (screenshots when SCREENSHOT_DIR is set).
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  axeChecker,
  DESKTOP,
  goto,
  launchBrowser,
  linkTo,
  MOBILE,
  outboxCaughtUp,
  readMailbox,
  waitForEmail,
  withPage,
} from "./helpers.mjs";

const ANSWER = "If this address isn't subscribed yet, we've sent a link to confirm it.";
const SUBJECT = /confirm your PlaySpace newsletter subscription/i;

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function screenshot(page, name, target) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const colorScheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
    const path = join(dir, `${name}-${colorScheme}.png`);
    await (target ? target.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
}

const box = (page) => page.getByRole("region", { name: "Get Stories in Your Inbox" });

async function subscribe(page, email) {
  await box(page).getByLabel("Email address").fill(email);
  await box(page).getByRole("button", { name: "Subscribe" }).click();
}

describe("newsletter", () => {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["390 px", MOBILE],
  ]) {
    test(`subscribing on /blog and confirming from the email (${label})`, async () => {
      await withPage(browser, { viewport }, async (page) => {
        const axe = axeChecker(page);
        const email = `news-${viewport.width}-${Date.now()}@example.org`;
        await goto(page, "/blog");
        const region = box(page);
        await region.scrollIntoViewIfNeeded();
        await axe.check("/blog Subscribe box");

        // A bad address: the field's error, and the address stays for fixing.
        await subscribe(page, "ana@example");
        await region.getByText("Invalid email address").waitFor();
        const input = region.getByLabel("Email address");
        assert.equal(await input.getAttribute("aria-invalid"), "true");
        assert.equal(await input.inputValue(), "ana@example");
        await axe.check("/blog Subscribe box with a field error");

        await subscribe(page, email);
        await region.getByText(ANSWER).waitFor();
        assert.equal(await region.getByText(ANSWER).evaluate((el) => el.closest("[aria-live]")?.getAttribute("aria-live")), "polite");
        assert.equal(await input.getAttribute("aria-invalid"), "false");
        await axe.check("/blog Subscribe box with the answer");
        await screenshot(page, `newsletter-box-${viewport.width}`, region);

        const mail = await waitForEmail(email, SUBJECT);
        const link = linkTo(mail, "/newsletter/confirm?token=");
        await goto(page, link);
        await page.getByRole("heading", { name: "Subscription Confirmed" }).waitFor();
        assert.ok(await page.getByText("You're subscribed to the PlaySpace newsletter. Thank you!").isVisible());
        assert.equal(await page.title(), "Confirm your subscription | PlaySpace");
        await axe.check("/newsletter/confirm");
        await screenshot(page, `newsletter-confirmed-${viewport.width}`);

        // Subscribed already: the same answer, and no second email (the answer comes once
        // the server has decided, and any email it wrote has been sent once later ones have).
        await goto(page, "/blog");
        await subscribe(page, email.toUpperCase());
        await box(page).getByText(ANSWER).waitFor();
        await outboxCaughtUp();
        const sent = (await readMailbox()).filter((m) => m.to.toLowerCase() === email && SUBJECT.test(m.subject));
        assert.equal(sent.length, 1, "one confirmation email only");

        // A tampered link says so.
        await goto(page, `${link}x`);
        await page.getByRole("heading", { name: "Invalid Confirmation Link" }).waitFor();
        await axe.check("/newsletter/confirm with an invalid link");
        await screenshot(page, `newsletter-invalid-${viewport.width}`);
        axe.assertClean();
      });
    });
  }

  test("the privacy page says what is kept for a newsletter address and for how long", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      await withPage(browser, { viewport }, async (page) => {
        const axe = axeChecker(page);
        await goto(page, "/privacy");
        const kept = page.getByRole("heading", { name: "When you subscribe to the newsletter" });
        await kept.waitFor();
        await page.getByText(/deleted\s+30 days after we sent the link to confirm them/).waitFor();
        await page.getByText(/only as a record that you left/).waitFor();
        await axe.check(`/privacy (${viewport.width} px)`);
        await screenshot(page, `privacy-what-we-keep-${viewport.width}`, page.getByRole("region", { name: "What we keep" }));
        await screenshot(page, `privacy-how-long-${viewport.width}`, page.getByRole("region", { name: "How long we keep it" }));
        axe.assertClean();
      });
    }
  });
});
