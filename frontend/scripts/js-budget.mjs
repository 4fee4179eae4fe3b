#!/usr/bin/env node
// What a phone really downloads: opens /, /events, one event page and one story page (the
// prerendered pages, docs/adr/0006) of a running server
// (PLAYSPACE_URL) in headless Chromium (CHROMIUM_PATH), signed out, each in a fresh context
// (empty cache) at 390×844, waits for the network to go idle plus a short settle, and sums
// the JavaScript the browser fetched: every response of resource type "script" or with a
// JavaScript content type, counted as the bytes of its body on the wire (as Chromium
// reports them, compressed as the server sent it).
//
// Each page is opened twice: as Chromium asks (it accepts Brotli) and as a browser that
// accepts only gzip, and in each language of the site (its `lang` cookie): every one must
// stay within the budget, at most 120 KiB and 10 files, and download one language's message
// catalogues only (never two `first-*.js` files; docs/adr/0024-languages.md).
// Prints a table per page and exits non-zero when a page is over budget.
import { BASE_URL, launchBrowser } from "../e2e/helpers.mjs";

export const BUDGET_BYTES = 120 * 1024;
export const BUDGET_FILES = 10;
const SETTLE_MS = 1500;
/** The site's languages (src/lib/i18n/locales.ts), each chosen with the language cookie. */
const LANGUAGES = ["en-GB", "ar", "uk"];
/** A message catalogue's file, by its name (scripts/catalogues.ts, CATALOGUES). */
const CATALOGUE_FILE = /^\/assets\/(first|app|legal)-[\w-]+\.js$/;

/** How each pass asks for its files: Chromium's own Accept-Encoding, then gzip only. */
const PASSES = [
  { name: "as Chromium asks", headers: {} },
  { name: "gzip only", headers: { "Accept-Encoding": "gzip" } },
];

/** The path of one upcoming event's page. */
async function eventPath() {
  const response = await fetch(`${BASE_URL}/api/events?limit=1`);
  if (!response.ok) throw new Error(`GET /api/events?limit=1: ${response.status}`);
  const body = await response.json();
  const [event] = Array.isArray(body) ? body : (body.items ?? body.events ?? []);
  if (!event?.id) throw new Error("GET /api/events?limit=1 returned no event: is the database seeded?");
  return `/events/${event.id}`;
}

/** The path of the newest published story's page. */
async function storyPath() {
  const response = await fetch(`${BASE_URL}/api/blog-posts?limit=1`);
  if (!response.ok) throw new Error(`GET /api/blog-posts?limit=1: ${response.status}`);
  const [story] = (await response.json()).posts ?? [];
  if (!story?.id) throw new Error("GET /api/blog-posts?limit=1 returned no story: is the database seeded?");
  return `/blog/${story.id}`;
}

const isJavaScript = (response) =>
  response.request().resourceType() === "script" ||
  /javascript|ecmascript/i.test(response.headers()["content-type"] ?? "");

async function measure(browser, path, pass, language) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    timezoneId: "Europe/London",
    extraHTTPHeaders: pass.headers,
  });
  await context.addCookies([{ name: "lang", value: language, url: BASE_URL }]);
  try {
    const page = await context.newPage();
    const pending = [];
    page.on("requestfinished", (request) => {
      if (request.method() !== "GET") return;
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response || !isJavaScript(response)) return null;
          const { responseBodySize } = await request.sizes();
          return {
            file: new URL(request.url()).pathname,
            status: response.status(),
            bytes: responseBodySize,
            encoding: (await response.headerValue("content-encoding")) ?? "none",
          };
        })(),
      );
    });
    await page.goto(`${BASE_URL}${path}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState("networkidle");
    return (await Promise.all(pending)).filter(Boolean).sort((a, b) => b.bytes - a.bytes);
  } finally {
    await context.close();
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sum = (files) => files.reduce((total, file) => total + file.bytes, 0);

async function main() {
  const browser = await launchBrowser();
  const results = [];
  try {
    for (const path of ["/", "/events", await eventPath(), await storyPath()]) {
      for (const language of LANGUAGES) {
        for (const pass of PASSES) {
          results.push({ path, pass: `${language}, ${pass.name}`, files: await measure(browser, path, pass, language) });
        }
      }
    }
  } finally {
    await browser.close();
  }

  let failed = false;
  for (const { path, pass, files } of results) {
    const total = sum(files);
    console.log(`\n${path} (${pass})`);
    for (const file of files) {
      const status = file.status === 200 ? "" : ` [${file.status}]`;
      console.log(`${kib(file.bytes).padStart(10)}  ${file.file}${status}  (${file.encoding})`);
    }
    const over = [];
    if (total > BUDGET_BYTES) over.push(`${kib(total - BUDGET_BYTES)} over ${kib(BUDGET_BYTES)}`);
    if (files.length > BUDGET_FILES) over.push(`${files.length - BUDGET_FILES} files over ${BUDGET_FILES}`);
    const catalogues = files.map((file) => CATALOGUE_FILE.exec(file.file)?.[1]).filter(Boolean);
    if (new Set(catalogues).size !== catalogues.length) over.push("catalogues of more than one language");
    console.log(
      `${kib(total).padStart(10)}  total, ${files.length} files (budget ${kib(BUDGET_BYTES)}, ${BUDGET_FILES} files)` +
        (over.length ? `: OVER BUDGET (${over.join("; ")})` : ""),
    );
    if (files.length === 0) {
      console.error(`js-budget: ${path} loaded no JavaScript at all: is ${BASE_URL} serving the app?`);
      failed = true;
    }
    if (over.length) failed = true;
  }
  console.log("\nSummary (JavaScript bytes on the wire, files):");
  for (const { path, pass, files } of results) {
    console.log(`  ${path} (${pass}): ${sum(files)} bytes (${kib(sum(files))}), ${files.length} files`);
  }
  if (failed) {
    console.error("\njs-budget: JavaScript over budget (see above)");
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`js-budget: ${error.stack ?? error}`);
  process.exit(1);
});
