// The first screen of /, /events, /events/{id}, /blog and /blog/{id} comes from the server as HTML
// (docs/adr/0006-prerendered-first-screen.md): it shows with JavaScript off, and the app then
// takes it over without console errors, layout shifts, or a light flash in dark mode.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, BASE_URL, goto, launchBrowser, MOBILE, openPage } from "./helpers.mjs";

let browser;
let event;
let story;
let older;
let storyContent;

before(async () => {
  browser = await launchBrowser();
  [event] = await api("/api/events");
  assert.ok(event, "the seeded database should have upcoming events");
  [story, older] = (await api("/api/blog-posts")).posts;
  assert.ok(story && older, "the seeded database should have published stories");
  storyContent = (await api(`/api/blog-posts/${story.id}`)).content;
});

after(async () => {
  await browser?.close();
});

const LONG_DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "Tuesday 24 November 2026", as the event page shows it. */
function longDate(iso) {
  const parts = Object.fromEntries(LONG_DATE.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** "24 November 2026", as a story shows the day it was published. */
const storyDate = (iso) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(iso),
  );

/** The text of the first paragraph of a story's (cleaned) content. */
function firstParagraph(html) {
  const text = /<p>(.*?)<\/p>/s.exec(html)?.[1] ?? "";
  assert.ok(text && !text.includes("<"), `a first paragraph of plain text in ${html}`);
  return text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&nbsp;", "\u00a0").replaceAll("&amp;", "&");
}

/** Each page, what its first screen shows, and what only the app itself draws. */
const pages = () => [
  {
    path: "/",
    heading: "Sport for everyone. Together.",
    firstScreen: ["Community sport across London", "Active Members"],
    fromTheApp: (page) => page.getByRole("heading", { name: event.title, level: 3 }).first(),
  },
  {
    path: "/events",
    heading: "Sports Events",
    firstScreen: ["Join Our WhatsApp Community"],
    fromTheApp: (page) => page.getByRole("status").filter({ hasText: /upcoming events?$/ }),
  },
  {
    path: `/events/${event.id}`,
    heading: event.title,
    firstScreen: [event.location, `${event.currentParticipants}/${event.maxParticipants} participants`, "About This Event"],
    fromTheApp: (page) => page.getByText(longDate(event.date), { exact: true }),
  },
  {
    path: "/blog",
    heading: "Community Stories",
    // The newest story, in the Featured Story card.
    firstScreen: [story.title, story.excerpt, story.authorName],
    // The rest of the first page of stories.
    fromTheApp: (page) => page.getByRole("heading", { name: older.title, level: 3 }),
  },
  {
    path: `/blog/${story.id}`,
    heading: story.title,
    firstScreen: [story.excerpt, story.authorName, story.category, firstParagraph(storyContent)],
    fromTheApp: (page) => page.locator("article").getByText(storyDate(story.publishedAt), { exact: true }),
  },
];

describe("prerendered pages", () => {
  test("show their first screen with JavaScript turned off", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE, locale: "en-GB" });
    try {
      const page = await context.newPage();
      for (const { path, heading, firstScreen } of pages()) {
        const response = await page.goto(`${BASE_URL}${path}`);
        assert.equal(response.status(), 200, path);
        const h1 = page.getByRole("heading", { level: 1 });
        assert.equal((await h1.innerText()).trim(), heading, path);
        assert.ok(await h1.isVisible(), `${path}: the heading is visible`);
        assert.ok((await h1.boundingBox()).y < MOBILE.height, `${path}: the heading is on the first screen`);
        for (const text of firstScreen) {
          assert.ok(await page.getByText(text, { exact: true }).first().isVisible(), `${path}: ${text}`);
        }
      }
      // The event's own picture, not the default one.
      await page.goto(`${BASE_URL}/events/${event.id}`);
      const picture = page.getByRole("img", { name: `${event.category} illustration` });
      assert.match(await picture.getAttribute("src"), new RegExp(`/assets/${event.category.toLowerCase().replace(/\s+/g, "-")}-`));
      // A story page's title and share previews are in the server's HTML itself.
      const html = await (await fetch(`${BASE_URL}/blog/${story.id}`)).text();
      const escaped = (text) =>
        text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
      assert.ok(html.includes(`<title>${escaped(story.title)} | PlaySpace</title>`), "the story's <title>");
      assert.ok(html.includes('<meta property="og:type" content="article" />'), "og:type");
      assert.ok(html.includes(`<meta property="og:title" content="${escaped(story.title)}" />`), "og:title");
      assert.ok(html.includes(`<meta property="og:url" content="${BASE_URL}/blog/${story.id}" />`), "og:url");
    } finally {
      await context.close();
    }
  });

  // 390 px, and 412 px as Lighthouse's phone: a line that wraps at one width may not at the other.
  for (const [colorScheme, viewport] of [
    ["light", MOBILE],
    ["dark", { width: 412, height: 823 }],
  ]) {
    test(`are taken over by the app without errors or layout shifts (${colorScheme}, ${viewport.width} px)`, async () => {
      const { context, page, errors } = await openPage(browser, { viewport, colorScheme });
      try {
        // As a slow phone: a CPU six times slower paints whatever has been parsed when a
        // frame is due, so a page that shifts as the rest of its HTML arrives shows it here.
        await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 6 });
        // Counts every layout shift from the start of each page load.
        await context.addInitScript(() => {
          window.__shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
          }).observe({ type: "layout-shift", buffered: true });
        });
        for (const { path, heading, fromTheApp } of pages()) {
          await goto(page, path);
          await fromTheApp(page).waitFor();
          assert.equal((await page.getByRole("heading", { level: 1 }).innerText()).trim(), heading, path);
          assert.deepEqual(await page.evaluate(() => window.__shifts), [], `${path}: layout shifts`);
          // The theme was applied before first paint, and the header's icon follows it.
          assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), colorScheme === "dark");
          const icon = page.getByRole("button", { name: "Theme" }).locator(colorScheme === "dark" ? ".lucide-moon" : ".lucide-sun");
          assert.ok(await icon.isVisible(), `${path}: the ${colorScheme} theme icon`);
        }
        assert.deepEqual(errors.map(String), [], "the pages logged errors");
      } finally {
        await context.close();
      }
    });
  }

  test("dark mode is on before the page's first paint", async () => {
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE, colorScheme: "dark" });
    try {
      // Runs as the document starts, before anything can paint: records the theme when
      // <body> first appears (after the <head>'s inline script) and the background then.
      await context.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (!document.body) return;
          observer.disconnect();
          window.__atBody = {
            dark: document.documentElement.classList.contains("dark"),
            scheme: document.documentElement.style.colorScheme,
          };
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await goto(page, "/");
      assert.deepEqual(await page.evaluate(() => window.__atBody), { dark: true, scheme: "dark" });
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("filtered events, unknown events and unknown stories are drawn by the app", async () => {
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    try {
      const html = await (await fetch(`${BASE_URL}/events?sport=${encodeURIComponent(event.category)}`)).text();
      assert.match(html, /<div id="root"><\/div>/);
      await goto(page, `/events?sport=${encodeURIComponent(event.category)}`);
      await page.getByText("Choose your preferred location").waitFor();

      const missing = await fetch(`${BASE_URL}/events/00000000-0000-7000-8000-000000000000`);
      assert.equal(missing.status, 404);
      assert.match(await missing.text(), /<div id="root"><\/div>/);

      // An unknown story too: a 404 with the app, which says so.
      const noStory = await fetch(`${BASE_URL}/blog/00000000-0000-7000-8000-000000000000`);
      assert.equal(noStory.status, 404);
      assert.match(await noStory.text(), /<div id="root"><\/div>/);
      await goto(page, "/blog/00000000-0000-7000-8000-000000000000");
      await page.getByRole("heading", { name: "Story Not Found", level: 1 }).waitFor();
      // Only the 404s themselves (the page's and its API call's) reach the console.
      assert.deepEqual(errors.map(String).filter((e) => !/404/.test(e)), []);
    } finally {
      await context.close();
    }
  });
});
