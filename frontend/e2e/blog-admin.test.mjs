// Issue 13, item 3: the admin Blog tab. A member shares a story; the admin approves it in the
// review queue and it appears on /blog; another is declined with a reason that reaches the
// author's file mailbox; the admin creates a post; axe finds nothing on the tab, light and
// dark, at 390 px and desktop (with screenshots when SCREENSHOT_DIR is set).
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  apiAs,
  axeChecker,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  withPage,
  registerMember,
  sessionCookie,
  signInAdminContext,
  waitForEmail,
} from "./helpers.mjs";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const queue = (page) => page.getByRole("list", { name: "Stories waiting for review" });

/** Shares a story as `member` (signed in, so a decline can reach them); returns its title. */
async function share(member, title) {
  const cookie = await sessionCookie(member);
  const { status, body } = await apiAs(cookie, "POST", "/api/blog-posts/submit", {
    title,
    content: "I was nervous walking in, but the coach met me at the door and the whole group made me welcome.",
    excerpt: "Getting back in the water with friends.",
    category: "Member Story",
    authorName: member.firstName,
  });
  assert.equal(status, 201, JSON.stringify(body));
  return title;
}

async function screenshot(page, name) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const colorScheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
    await page.screenshot({ path: join(dir, `${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
}

describe("the admin Blog tab", () => {
  test("a shared story is approved in the review queue and appears on /blog", () =>
    withPage(browser, {}, async (page, context) => {
      const member = await registerMember();
      const title = await share(member, `A swim to remember ${Date.now()}`);
      await signInAdminContext(context);
      await goto(page, "/admin?tab=blog");
      const item = queue(page).getByRole("article", { name: title });
      await item.waitFor();
      // The story can be read before deciding, with the keyboard.
      await item.getByText("Read the story").focus();
      await page.keyboard.press("Enter");
      await item.getByText(/the coach met me at the door/).waitFor();
      await item.getByRole("button", { name: "Approve" }).click();
      await toast(page, "Story approved and published").waitFor();
      await item.waitFor({ state: "detached" });
      const row = page.getByRole("list", { name: "Blog posts" }).getByRole("listitem").filter({ hasText: title });
      await row.getByText("Published", { exact: true }).waitFor();

      await goto(page, "/blog");
      await page.getByRole("region", { name: "Featured Story" }).getByRole("heading", { name: title }).waitFor();
    }));

  test("declining asks for a reason and emails it to the author", () =>
    withPage(browser, {}, async (page, context) => {
      const member = await registerMember();
      const title = await share(member, `Not for the blog ${Date.now()}`);
      await signInAdminContext(context);
      await goto(page, "/admin?tab=blog");
      const item = queue(page).getByRole("article", { name: title });
      await item.getByRole("button", { name: "Decline" }).click();
      const dialog = page.getByRole("dialog", { name: "Decline this story?" });
      await dialog.getByText("Its author will be emailed the reason you give.").waitFor();
      await dialog.getByRole("button", { name: "Decline story" }).click();
      await dialog.getByText("Please give a reason for declining this story").waitFor();
      const reason = "Please leave out other people's names, then share it again.";
      await dialog.getByLabel(/^Reason/).fill(reason);
      await dialog.getByRole("button", { name: "Decline story" }).click();
      await toast(page, "Story declined").waitFor();
      await dialog.waitFor({ state: "detached" });
      await item.waitFor({ state: "detached" });
      const mail = await waitForEmail(member.email, /About the story you shared/);
      assert.match(mail.text, new RegExp(title));
      assert.match(mail.text, /The reason our team gave: Please leave out other people's names, then share it again\./);
      assert.match(mail.html, /Please leave out other people&#39;s names/);
      const row = page.getByRole("list", { name: "Blog posts" }).getByRole("listitem").filter({ hasText: title });
      await row.getByText(`Declined: ${reason}`).waitFor();
    }));

  test("an admin creates a post, which shows on /blog, and keeps another as a draft", () =>
    withPage(browser, {}, async (page, context) => {
      await signInAdminContext(context);
      await goto(page, "/admin?tab=blog");
      await page.getByRole("button", { name: "New post" }).click();
      const dialog = page.getByRole("dialog", { name: "New blog post" });
      await dialog.getByRole("button", { name: "Create post" }).click();
      for (const message of [
        "Title must be at least 5 characters",
        "Summary must be at least 20 characters",
        "Please select a category",
        "Story content must be at least 50 characters",
        "Your name must be at least 2 characters",
      ]) {
        await dialog.getByText(message).waitFor();
      }
      const title = `Thursday sessions ${Date.now()}`;
      await dialog.getByLabel(/^Title/).fill(title);
      await dialog.getByLabel(/^Author name/).fill("The PlaySpace team");
      await dialog.getByRole("combobox", { name: /Category/ }).click();
      await page.getByRole("option", { name: "Community" }).click();
      await dialog.getByLabel(/^Summary/).fill("Two extra sessions on Thursday evenings.");
      await dialog.getByLabel(/^Content/).fill("From next month we run two extra sessions on Thursday evenings, open to everyone.");
      await dialog.getByRole("button", { name: "Create post" }).click();
      await toast(page, "Blog post created successfully").waitFor();
      await dialog.waitFor({ state: "detached" });

      await goto(page, "/blog");
      await page.getByRole("region", { name: "Featured Story" }).getByRole("heading", { name: title }).waitFor();

      // Unpublished from the tab, it leaves /blog.
      await goto(page, "/admin?tab=blog");
      const row = page.getByRole("list", { name: "Blog posts" }).getByRole("listitem").filter({ hasText: title });
      await row.getByRole("button", { name: "Unpublish" }).click();
      await toast(page, "Blog post unpublished").waitFor();
      await row.getByText("Draft", { exact: true }).waitFor();
      await goto(page, "/blog");
      await page.getByRole("region", { name: "Featured Story" }).waitFor();
      assert.equal(await page.getByRole("heading", { name: title }).count(), 0);
    }));

  for (const [label, viewport] of [
    ["390 px", MOBILE],
    ["desktop", DESKTOP],
  ]) {
    test(`axe finds nothing on the tab and its dialogs at ${label}, light and dark`, () =>
      withPage(browser, { viewport }, async (page, context) => {
        const member = await registerMember();
        await share(member, `A story for the axe check ${Date.now()}`);
        const axe = axeChecker(page);
        await signInAdminContext(context);
        await goto(page, "/admin?tab=blog");
        await queue(page).waitFor();
        await page.getByRole("list", { name: "Blog posts" }).waitFor();
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(wide, 0, `the Blog tab scrolls sideways by ${wide} px`);
        await axe.check(`Blog tab at ${label}`);
        await screenshot(page, `admin-blog-${viewport.width}`);

        await queue(page).getByRole("button", { name: "Decline" }).first().click();
        await page.getByRole("dialog", { name: "Decline this story?" }).waitFor();
        await axe.check(`decline dialog at ${label}`);
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "New post" }).click();
        const dialog = page.getByRole("dialog", { name: "New blog post" });
        await dialog.getByRole("button", { name: "Create post" }).click();
        await dialog.getByText("Title must be at least 5 characters").waitFor();
        await axe.check(`new post dialog with its messages at ${label}`);
        await screenshot(page, `admin-blog-new-post-${viewport.width}`);
        axe.assertClean();
      }));
  }
});
