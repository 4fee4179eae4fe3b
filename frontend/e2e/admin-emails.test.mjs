// The admin dashboard's Emails tab in the browser, as the tests' administrator: the missing
// fields message, the preview, sending to a group (read back from the file mailbox), and
// the email's unsubscribe link, which works without signing in (/unsubscribe?token=).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  axeChecker,
  goto,
  launchBrowser,
  linkTo,
  registerMember,
  sessionCookie,
  apiAs,
  signInAdminContext,
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
});
