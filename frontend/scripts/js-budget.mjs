#!/usr/bin/env node
// What a phone really downloads: opens /, /events and one event page of a running server
// (PLAYSPACE_URL) in headless Chromium (CHROMIUM_PATH), signed out, each in a fresh context
// (empty cache) at 390×844, waits for the network to go idle plus a short settle, and sums
// the JavaScript the browser fetched: every response of resource type "script" or with a
// JavaScript content type, counted by its gzipped size on the wire (the response's
// content-length when it came gzipped; otherwise the body gzipped here). Prints a table per
// page and exits non-zero when a page is over budget: at most 120 KiB and 10 files.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export const BUDGET_BYTES = 120 * 1024;
export const BUDGET_FILES = 10;
const SETTLE_MS = 1500;

const BASE_URL = (process.env.PLAYSPACE_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
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

/** The gzipped size on the wire of one JavaScript response. */
async function wireBytes(response) {
  const headers = await response.allHeaders();
  const encoding = (headers["content-encoding"] ?? "").toLowerCase();
  const length = Number(headers["content-length"]);
  if (encoding === "gzip" && Number.isFinite(length) && length > 0) return { bytes: length, how: "wire" };
  const body = await response.body();
  return { bytes: gzipSync(body, { level: 9 }).length, how: encoding ? `${encoding}→gzip` : "gzipped here" };
}

const isJavaScript = (response) =>
  response.request().resourceType() === "script" ||
  /javascript|ecmascript/i.test(response.headers()["content-type"] ?? "");

async function measure(browser, path) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  try {
    const page = await context.newPage();
    const pending = [];
    page.on("response", (response) => {
      if (response.request().method() !== "GET" || !isJavaScript(response)) return;
      pending.push(
        wireBytes(response).then(({ bytes, how }) => ({
          file: new URL(response.url()).pathname,
          status: response.status(),
          bytes,
          how,
        })),
      );
    });
    await page.goto(`${BASE_URL}${path}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState("networkidle");
    return (await Promise.all(pending)).sort((a, b) => b.bytes - a.bytes);
  } finally {
    await context.close();
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const results = [];
  try {
    for (const path of ["/", "/events", await eventPath()]) {
      results.push({ path, files: await measure(browser, path) });
    }
  } finally {
    await browser.close();
  }

  let failed = false;
  for (const { path, files } of results) {
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    console.log(`\n${path}`);
    for (const file of files) {
      const note = file.how === "wire" ? "" : `  (${file.how})`;
      console.log(`${kib(file.bytes).padStart(10)}  ${file.file}${file.status === 200 ? "" : ` [${file.status}]`}${note}`);
    }
    const over = [];
    if (total > BUDGET_BYTES) over.push(`${kib(total - BUDGET_BYTES)} over ${kib(BUDGET_BYTES)}`);
    if (files.length > BUDGET_FILES) over.push(`${files.length - BUDGET_FILES} files over ${BUDGET_FILES}`);
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
  console.log("\nSummary (gzip bytes on the wire, files):");
  for (const { path, files } of results) {
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    console.log(`  ${path}: ${total} bytes (${kib(total)}), ${files.length} files`);
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
