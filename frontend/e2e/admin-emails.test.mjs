// The admin dashboard's Emails tab in the browser, as the tests' administrator: the missing
// fields message, the preview, sending to a group (read back from the file mailbox), and
// the email's unsubscribe link, which works without signing in (/unsubscribe?token=).
// Then the newsletter: addresses subscribed and confirmed from /blog get a newsletter sent to
// "Newsletter subscribers", whose link takes the address off the newsletter, signed out.
// Unverified members get a bulk email only if they agreed to marketing email, as the
// confirm step says (issue 22).
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  axeChecker,
  DESKTOP,
  goto,
  launchBrowser,
  linkTo,
  MOBILE,
  newMember,
  readMailbox,
  registerMember,
  sessionCookie,
  apiAs,
  signInAdminContext,
  until,
  waitForEmail,
  withPage,
} from "./helpers.mjs";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const tag = () => Math.random().toString(36).slice(2, 7);

/** The sent toast's "Sent to N users": how many emails the server wrote for the campaign. */
async function sentCount(page) {
  const sent = toast(page, "Emails sent successfully").getByText(/^Sent to \d+ users?$/);
  await sent.waitFor();
  return Number(/\d+/.exec(await sent.textContent())[0]);
}

/**
 * Every email of a campaign, once all `count` of them (the server's own count) are in the
 * mailbox: only then does an address missing from them show that it was left out.
 */
async function campaignMail(subject, count) {
  const mail = await until(
    async () => {
      const found = (await readMailbox()).filter((m) => m.subject === subject);
      return found.length >= count && found;
    },
    { timeoutMs: 15_000, what: `${count} emails "${subject}" in the mailbox` },
  );
  assert.equal(mail.length, count, `one email "${subject}" per recipient`);
  return mail;
}

describe("admin emails", () => {
  test("asks for every field, previews, sends to a group, and the unsubscribe link works signed out", async () => {
    const subject = `Summer tournament ${tag()}`;
    // A new joiner who chose to hear from us.
    const member = await registerMember({ firstName: "Abena", marketingConsent: true });

    let mail;
    await withPage(browser, { prepare: signInAdminContext }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, "/admin?tab=emails");
      await page.getByRole("heading", { name: "Send an email", level: 2 }).waitFor();
      await axe.check("emails tab");

      // Nothing filled in: the spec's message, and each empty field says so.
      await page.getByRole("button", { name: "Send email" }).click();
      const missing = toast(page, "Missing information");
      await missing.waitFor();
      await missing.getByText("Please fill in all fields").waitFor();
      await page.getByText("Please choose who gets it").waitFor();
      await page.getByText("Please enter a subject").waitFor();
      await axe.check("emails tab: missing fields");

      await page.getByRole("combobox", { name: "Recipients" }).click();
      await page.getByRole("option", { name: "New joiners (last 30 days)" }).click();
      await page.getByRole("textbox", { name: "Subject" }).fill(subject);
      await page
        .getByRole("textbox", { name: "Message" })
        .fill("Hello everyone,\n\nOur summer tournament is on 12 July in Victoria Park.\nAll levels welcome.");

      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.frameLocator(`iframe[title="Email preview: ${subject}"]`);
      await preview.getByText("Our summer tournament is on 12 July in Victoria Park.").waitFor();
      await page.getByRole("heading", { name: `Preview: ${subject}` }).waitFor();
      // The preview runs no script and submits nothing (and axe leaves it out for that).
      assert.equal(await page.locator(`iframe[title="Email preview: ${subject}"]`).getAttribute("sandbox"), "");
      await axe.check("emails tab: preview");

      await page.getByRole("button", { name: "Send email" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Send to new joiners (last 30 days)?" });
      await confirm.waitFor();
      await axe.check("bulk email confirm dialog");
      await confirm.getByRole("button", { name: "Send now" }).click();
      const sent = toast(page, "Emails sent successfully");
      await sent.waitFor();
      await sent.getByText(/^Sent to \d+ users?$/).waitFor();

      // The campaign is listed under Past emails.
      await page.getByRole("region", { name: "Past emails, newest first" }).getByText(subject).waitFor();
      axe.assertClean();

      mail = await waitForEmail(member.email, new RegExp(`^${subject}$`));
      assert.match(mail.text, /Our summer tournament is on 12 July in Victoria Park\./);
    });

    // The link in the email, opened by someone who is not signed in.
    const link = linkTo(mail, "/unsubscribe?token=");
    await withPage(
      browser,
      {},
      async (page) => {
        const axe = axeChecker(page);
        await goto(page, link);
        await page.getByRole("heading", { name: "Unsubscribe", level: 1 }).waitFor();
        const [name, domain] = member.email.split("@");
        const masked = page.getByText(new RegExp(`^${name[0]}\\*+@${domain.replace(/\./g, "\\.")}$`));
        await masked.waitFor();
        assert.equal(await page.getByText(member.email).count(), 0, "the full address is never shown");
        await axe.check("unsubscribe page");

        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await page.getByRole("heading", { name: "You're Unsubscribed", level: 1 }).waitFor();
        await page.getByText("You will no longer receive marketing emails from PlaySpace.").waitFor();
        await axe.check("unsubscribed");

        // A link that was tampered with.
        await goto(page, `${link.slice(0, -4)}abcd`);
        await page.getByRole("heading", { name: "Invalid Unsubscribe Link", level: 1 }).waitFor();
        await axe.check("invalid unsubscribe link");
        await goto(page, "/unsubscribe");
        await page.getByRole("heading", { name: "Invalid Unsubscribe Link", level: 1 }).waitFor();
        axe.assertClean();
      },
    );

    const { body } = await apiAs(await sessionCookie(member), "GET", "/api/user/profile");
    assert.equal(body.profile.marketingConsent, false, "marketing email stopped");
  });

  test("to unverified members: the confirm step says only those who agreed get it, and so it is", async () => {
    const subject = `Welcome back ${tag()}`;
    // Signing up confirms the address (ADR 0018), so an unverified member is one an admin
    // made, who has not agreed to hear from us; the API test covers an older account that did.
    const declined = newMember({ firstName: "Bo" });
    const made = await apiAs(await adminCookie(), "POST", "/api/admin/users", {
      firstName: declined.firstName,
      lastName: declined.lastName,
      email: declined.email,
      password: declined.password,
      role: "user",
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    let sent;
    await withPage(browser, { prepare: signInAdminContext, viewport: MOBILE }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, "/admin?tab=emails");
      await page.getByRole("combobox", { name: "Recipients" }).click();
      await page.getByRole("option", { name: "Unverified members" }).click();
      await page.getByRole("textbox", { name: "Subject" }).fill(subject);
      await page.getByRole("textbox", { name: "Message" }).fill("Your first session is on us.");
      await page.getByRole("button", { name: "Send email" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Send to unverified members?" });
      await confirm
        .getByText(
          `"${subject}" goes only to unverified members who agreed to receive emails from PlaySpace (marketing consent), each with a link to unsubscribe. Those who didn't agree get nothing.`,
          { exact: false },
        )
        .waitFor();
      await axe.check("confirm step for unverified members at 390 px");
      await screenshot(page, "emails-confirm-unverified-390");
      await confirm.getByRole("button", { name: "Send now" }).click();
      sent = await sentCount(page);
      axe.assertClean();
    });
    const to = (await campaignMail(subject, sent)).map((mail) => mail.to.toLowerCase());
    assert.ok(!to.includes(declined.email.toLowerCase()), "nothing for the member who did not agree");
  });
});

/** Subscribes `email` from the /blog box and confirms it with the emailed link. */
async function subscribeAndConfirm(page, email) {
  await goto(page, "/blog");
  const box = page.getByRole("region", { name: "Get Stories in Your Inbox" });
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await box.getByText("If this address isn't subscribed yet, we've sent a link to confirm it.").waitFor();
  const mail = await waitForEmail(email, /confirm your PlaySpace newsletter subscription/i);
  await goto(page, linkTo(mail, "/newsletter/confirm?token="));
  await page.getByRole("heading", { name: "Subscription Confirmed" }).waitFor();
}

async function screenshot(page, name) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const colorScheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
    await page.screenshot({ path: join(dir, `${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
}

/** Sends `subject` to the newsletter's subscribers from the Emails tab; how many it went to. */
async function sendNewsletter(page, axe, subject, { shoot } = {}) {
  await goto(page, "/admin?tab=emails");
  await page.getByRole("heading", { name: "Send an email", level: 2 }).waitFor();
  await page.getByRole("combobox", { name: "Recipients" }).click();
  await page.getByRole("option", { name: "Newsletter subscribers" }).click();
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Message" }).fill("Hello readers,\n\nNew stories from our Hackney netball group.");
  await axe.check("emails tab: newsletter subscribers chosen");
  if (shoot) await screenshot(page, shoot);
  await page.getByRole("button", { name: "Send email" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send to newsletter subscribers?" });
  await confirm.waitFor();
  await confirm.getByText("goes to every confirmed newsletter subscriber").waitFor();
  await axe.check("newsletter send confirm dialog");
  await confirm.getByRole("button", { name: "Send now" }).click();
  const sent = await sentCount(page);
  await page.getByRole("region", { name: "Past emails, newest first" }).getByText(subject).first().waitFor();
  return sent;
}

describe("newsletter sending", () => {
  test("a newsletter reaches confirmed subscribers, and its link takes the address off, signed out", async () => {
    const stamp = `${Date.now()}-${tag()}`;
    const leaver = `reader-leaves-${stamp}@example.org`;
    const stayer = `reader-stays-${stamp}@example.org`;
    await withPage(browser, {}, async (page) => {
      await subscribeAndConfirm(page, leaver);
      await subscribeAndConfirm(page, stayer);
    });

    const first = `Newsletter ${tag()}`;
    let before;
    await withPage(browser, { prepare: signInAdminContext }, async (page) => {
      const axe = axeChecker(page);
      before = await sendNewsletter(page, axe, first, { shoot: "emails-newsletter-1280" });
      axe.assertClean();
    });
    if (process.env.SCREENSHOT_DIR) {
      await withPage(browser, { viewport: MOBILE, prepare: signInAdminContext }, async (page) => {
        await goto(page, "/admin?tab=emails");
        await page.getByRole("combobox", { name: "Recipients" }).click();
        await page.getByRole("option", { name: "Newsletter subscribers" }).click();
        await page.getByRole("combobox", { name: "Recipients" }).scrollIntoViewIfNeeded();
        await screenshot(page, "emails-newsletter-390");
      });
    }

    const mail = await waitForEmail(leaver, new RegExp(`^${first}$`));
    assert.match(mail.text, /New stories from our Hackney netball group\./);
    assert.doesNotMatch(mail.text, /\/preferences/, "a newsletter-only address has no preferences page");
    await waitForEmail(stayer, new RegExp(`^${first}$`));

    const link = linkTo(mail, "/unsubscribe?token=");
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, link);
      await page.getByRole("heading", { name: "Unsubscribe", level: 1 }).waitFor();
      await page.getByText(`r***@example.org`).waitFor();
      await axe.check("newsletter unsubscribe page");
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("heading", { name: "You're Unsubscribed", level: 1 }).waitFor();
      await page.getByText("You will no longer receive the PlaySpace newsletter.").waitFor();
      await axe.check("newsletter unsubscribed");
      axe.assertClean();
    });

    // Off the list: the next newsletter reaches the address that stayed, not the one that left
    // (one subscriber fewer, and every email of it is in the mailbox before looking).
    const second = `Newsletter ${tag()}`;
    let after;
    await withPage(browser, { prepare: signInAdminContext }, async (page) => {
      after = await sendNewsletter(page, axeChecker(page), second);
    });
    assert.equal(after, before - 1, "sent to one subscriber fewer");
    const to = (await campaignMail(second, after)).map((mail) => mail.to.toLowerCase());
    assert.ok(to.includes(stayer), "the address that stayed gets it");
    const toLeaver = (await readMailbox()).filter((m) => m.to.toLowerCase() === leaver);
    assert.deepEqual(
      toLeaver.map((m) => m.subject).filter((s) => s.startsWith("Newsletter ")),
      [first],
      "only the newsletter sent before unsubscribing",
    );
  });
});
