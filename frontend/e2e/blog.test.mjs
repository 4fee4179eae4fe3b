// Issue 13, items 1 and 2: community stories. /blog with its featured story, the grid and
// Load More Stories over the demo seed's published stories; a story page drawing the cleaned
// content; Share Your Story with each of its messages and the success toast; axe on /blog
// and a story, light and dark, at 390 px and desktop (with screenshots when SCREENSHOT_DIR
// is set); its links to Instagram and TikTok (issue 22).
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { api, axeChecker, BASE_URL, DESKTOP, goto, launchBrowser, MOBILE, openPage } from "./helpers.mjs";

let browser;
/** Every published story, newest first, as the API lists them. */
let published;

before(async () => {
  browser = await launchBrowser();
  const page = await api("/api/blog-posts?limit=24");
  published = page.posts;
  assert.ok(published.length > 6, `the demo seed publishes more than one page of stories (${published.length})`);
  assert.equal(page.nextCursor, null, "all of them fit in one 24-story page");
});

after(async () => {
  await browser?.close();
});

const featured = (page) => page.getByRole("region", { name: "Featured Story" });
const grid = (page) => page.getByRole("region", { name: "More Stories" });

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

describe("community stories", () => {
  test("/blog shows the newest story featured, the next five in the grid, and loads the rest", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await goto(page, "/blog");
      await featured(page).getByRole("heading", { name: published[0].title }).waitFor();
      assert.ok(await featured(page).getByText(published[0].excerpt).isVisible());
      assert.ok(await featured(page).getByText(published[0].category, { exact: true }).isVisible());
      const cards = grid(page).getByRole("listitem");
      // The featured story is in the prerendered HTML; the grid is drawn once the page hydrates.
      await cards.nth(4).waitFor();
      assert.equal(await cards.count(), 5);
      for (const [index, story] of published.slice(1, 6).entries()) {
        const card = cards.nth(index);
        assert.equal(await card.getByRole("heading").textContent(), story.title);
        assert.ok(await card.getByText(story.authorName).isVisible());
        const date = new Intl.DateTimeFormat("en-GB", {
          timeZone: "Europe/London",
          day: "numeric",
          month: "long",
          year: "numeric",
        }).format(new Date(story.publishedAt));
        assert.equal(await card.locator("time").textContent(), date);
        assert.equal(
          await card.getByRole("link", { name: `Read more of ${story.title}` }).getAttribute("href"),
          `/blog/${story.id}`,
        );
      }
      const more = page.getByRole("button", { name: "Load More Stories" });
      await more.click();
      await page.waitForFunction((n) => document.querySelectorAll("[aria-labelledby='more-stories'] li").length === n, Math.min(published.length, 12) - 1);
      const titles = await cards.getByRole("heading").allTextContents();
      assert.deepEqual(titles, published.slice(1, 12).map((s) => s.title));
      if (published.length <= 12) assert.equal(await more.count(), 0, "no button once every story is shown");
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("6 skeleton cards while the stories load", async () => {
    // /blog itself comes with its first page inlined; going there from another page asks.
    const { context, page } = await openPage(browser);
    try {
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route("**/api/blog-posts", async (route) => {
        await held;
        await route.continue();
      });
      await goto(page, "/about");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
      const loading = page.getByRole("status").filter({ hasText: "Loading stories…" });
      await loading.waitFor();
      assert.equal(await loading.locator(".motion-safe\\:animate-pulse").count(), 30, "6 cards of 5 bars, pulsing only for motion-safe");
      release();
      await featured(page).waitFor();
      assert.equal(await loading.count(), 0);
    } finally {
      await context.close();
    }
  });

  test("a story opens from Read more, its content drawn from the allow-list", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await goto(page, "/blog");
      const story = published[0];
      await featured(page).getByRole("link", { name: `Read more of ${story.title}` }).click();
      await page.getByRole("heading", { level: 1, name: story.title }).waitFor();
      assert.equal(new URL(page.url()).pathname, `/blog/${story.id}`);
      const full = await api(`/api/blog-posts/${story.id}`);
      const article = page.locator("article");
      assert.ok(await article.getByText(story.excerpt).isVisible());
      const paragraphs = await article.locator("p").count();
      assert.ok(paragraphs >= (full.content.match(/<p>/g) ?? []).length, "each paragraph is drawn");
      assert.equal(await article.locator("script, style, iframe, [style], [onclick]").count(), 0);
      assert.equal(await page.title(), `${story.title} | PlaySpace`);
      await page.getByRole("link", { name: "Back to Stories" }).first().click();
      await featured(page).waitFor();

      await goto(page, "/blog/0193a1b2-0000-7000-8000-000000000001");
      await page.getByRole("heading", { level: 1, name: "Story Not Found" }).waitFor();
      assert.deepEqual(errors.map(String).filter((e) => !/404/.test(e)), []);
    } finally {
      await context.close();
    }
  });

  test("Share Your Story: each message, then 'Story Submitted!' and the dialog closes", async () => {
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    try {
      await goto(page, "/blog");
      await page.getByRole("button", { name: "Share Your Story" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Share Your Story" });
      await dialog.waitFor();
      const honeypot = dialog.locator("#story-website");
      assert.equal(await honeypot.getAttribute("tabindex"), "-1");
      assert.equal(await dialog.getByRole("textbox", { name: /Website/ }).count(), 0, "not in the accessibility tree");

      await dialog.getByLabel("Story Title").fill("Swim");
      await dialog.getByLabel("Your Name").fill("J");
      await dialog.getByLabel("Summary").fill("Too short");
      await dialog.getByLabel(/^Your Story/).fill("Also too short.");
      await dialog.getByRole("button", { name: "Submit Story" }).click();
      for (const message of [
        "Title must be at least 5 characters",
        "Your name must be at least 2 characters",
        "Please select a category",
        "Summary must be at least 20 characters",
        "Story content must be at least 50 characters",
      ]) {
        await dialog.getByText(message).waitFor();
      }
      const axe = axeChecker(page);
      await axe.check("Share Your Story with its messages at 390 px");

      await dialog.getByLabel("Story Title").fill("Learning to swim at fifty");
      await dialog.getByLabel("Your Name").fill("Jo from Lewisham");
      await dialog.getByRole("combobox", { name: "Category" }).click();
      await page.getByRole("option", { name: "Member Story" }).click();
      await dialog.getByLabel("Summary").fill("It is never too late to get in the water.");
      await dialog
        .getByLabel(/^Your Story/)
        .fill("I signed up for the quiet session on a whim.\n\nFour weeks later I swam my first length without stopping.");
      await dialog.getByRole("button", { name: "Submit Story" }).click();
      await page.getByText("Story Submitted!").waitFor();
      await page.getByText("Thank you for sharing your story! Our team will review it and publish it soon.").waitFor();
      await dialog.waitFor({ state: "detached" });
      axe.assertClean();

      // It waits for review: the list is unchanged.
      const after = await api("/api/blog-posts?limit=24");
      assert.deepEqual(after.posts.map((p) => p.id), published.map((p) => p.id));

      await page.getByRole("button", { name: "Share Your Story" }).first().click();
      assert.equal(await page.getByRole("dialog").getByLabel("Story Title").inputValue(), "", "the form was reset");
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("/blog links to the community's Instagram and TikTok (this build sets both), in its HTML too", async () => {
    // The links are in the prerendered page: no script needed to see them.
    const html = await (await fetch(`${BASE_URL}/blog`)).text();
    assert.match(html, /href="https:\/\/www\.instagram\.com\/"/);
    assert.match(html, /href="https:\/\/www\.tiktok\.com\/"/);
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    try {
      await goto(page, "/blog");
      const follow = page.getByRole("region", { name: "Follow Our Community" });
      for (const [name, href] of [
        ["Instagram", "https://www.instagram.com/"],
        ["TikTok", "https://www.tiktok.com/"],
      ]) {
        const link = follow.getByRole("link", { name: new RegExp(`^${name}`) });
        assert.ok(await link.isVisible(), name);
        assert.equal(await link.getAttribute("href"), href);
        assert.equal(await link.getAttribute("target"), "_blank");
      }
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`axe finds no violations on /blog and a story at ${viewport.width} px (light and dark)`, async () => {
      const { context, page } = await openPage(browser, { viewport });
      try {
        const axe = axeChecker(page);
        await goto(page, "/blog");
        await featured(page).waitFor();
        await axe.check(`/blog at ${viewport.width} px`);
        await screenshot(page, `blog-${viewport.width}`);
        await goto(page, `/blog/${published[0].id}`);
        await page.getByRole("heading", { level: 1, name: published[0].title }).waitFor();
        await axe.check(`a story at ${viewport.width} px`);
        await screenshot(page, `story-${viewport.width}`);
        axe.assertClean();
      } finally {
        await context.close();
      }
    });
  }
});
