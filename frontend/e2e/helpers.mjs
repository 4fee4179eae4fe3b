// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core
// against a running PlaySpace server (PLAYSPACE_URL, started by scripts/test-frontend).
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const BASE_URL = (process.env.PLAYSPACE_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

/** A fresh context (own storage) and page; fails the test on any page error. */
export async function openPage(browser, { viewport = DESKTOP, colorScheme = "light" } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, locale: "en-GB", timezoneId: "Europe/London" });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) {
      errors.push(new Error(message.text()));
    }
  });
  return { context, page, errors };
}

/**
 * Runs `body(page, context)` in a fresh context (see openPage) and closes it whatever happens,
 * failing on any page error. `prepare(context)` runs first: signing in, say.
 */
export async function withPage(browser, { prepare, ...options }, body) {
  const { context, page, errors } = await openPage(browser, options);
  try {
    await prepare?.(context);
    await body(page, context);
    assert.deepEqual(errors.map(String), [], "the page logged errors");
  } finally {
    await context.close();
  }
}

export async function goto(page, path) {
  return page.goto(`${BASE_URL}${path}`, { waitUntil: "networkidle" });
}

/** Reloads the page and waits until the network has been idle for 500 ms. */
export async function reload(page) {
  await page.reload({ waitUntil: "networkidle" });
}

/**
 * Collects the paths (with query) of the page's requests to the events API from now on: the
 * pages whose data the server inlines must not ask for it again.
 */
export function eventsApiRequests(page) {
  const paths = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/events")) paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}

export async function api(path) {
  const response = await fetch(`${BASE_URL}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The Europe/London day (YYYY-MM-DD) of an ISO instant. */
export function londonDay(iso) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(iso));
}

// ---------- Accounts ----------

let nextUser = 0;

/** A unique, valid sign-up payload (the spec's fields); override what a test cares about. */
export function newMember(overrides = {}) {
  nextUser += 1;
  const tag = `${Date.now().toString(36)}${nextUser}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: "Ana",
    lastName: "Silva",
    email: `ana.${tag}@example.org`,
    phone: "07700 900123",
    password: "brisk otter 42",
    dateOfBirth: "1990-05-17",
    gender: "non-binary",
    address: "1 Mare Street",
    city: "London",
    postcode: "E8 4RP",
    emergencyContactName: "Jo Silva",
    emergencyContactPhone: "07700 900456",
    medicalConditions: null,
    fitnessLevel: "beginner",
    sportsInterests: ["Football"],
    howDidYouHear: "friend",
    marketingConsent: false,
    accessibilityNeeds: null,
    ...overrides,
  };
}

/**
 * Creates an account through the API as a person does: signs up, opens the emailed link
 * from the mailbox and finishes with the password. Returns the payload (email, password...).
 */
export async function registerMember(overrides = {}) {
  const member = newMember(overrides);
  const response = await fetch(`${BASE_URL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(member),
  });
  if (response.status !== 202) throw new Error(`register: ${response.status} ${await response.text()}`);
  await finishSignUp(member);
  return member;
}

/** The token of the link that finishes `member`'s sign-up, from the mailbox. */
export async function signUpToken(member) {
  const mail = await waitForEmail(member.email, /finish signing up/i);
  return new URLSearchParams(linkTo(mail, "/signup/confirm?token=").split("?")[1]).get("token");
}

/** Finishes `member`'s sign-up through the API with the emailed link and their password. */
export async function finishSignUp(member) {
  const response = await fetch(`${BASE_URL}/api/auth/register/confirm`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: await signUpToken(member), password: member.password }),
  });
  if (response.status !== 201) throw new Error(`finish sign-up: ${response.status} ${await response.text()}`);
}

/**
 * Signs `context` in as `member` without the login page: the API sets the session cookie
 * on the context, and the page's "has signed in" flag is set as the app itself would.
 */
export async function signInContext(context, member) {
  const response = await context.request.post(`${BASE_URL}/api/auth/login`, {
    data: { email: member.email, password: member.password },
  });
  if (!response.ok()) throw new Error(`login: ${response.status()} ${await response.text()}`);
  await context.addInitScript(() => {
    // Also runs in sandboxed frames (the admin's email preview), which have no storage.
    if (window !== window.top) return;
    if (!sessionStorage.getItem("e2e-signed-in")) {
      sessionStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem("signedIn", "1");
    }
  });
}

/** Logs `member` in through the API; returns the Cookie header of the new session. */
export async function sessionCookie(member) {
  const response = await fetch(`${BASE_URL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return response.headers.get("set-cookie").split(";")[0];
}

/** Calls the API as the person whose session is `cookie`; returns {status, body}. */
export async function apiAs(cookie, method, path, body) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * Fills every place left at an event: each goes to a new member, booked through the API
 * (cash or free). Returns [{member, cookie, booking}] for each place taken.
 */
export async function fillEvent(eventId) {
  const event = await api(`/api/events/${eventId}`);
  const bookers = [];
  // Signed up together: each waits for its emailed link, and the outbox sends them at once.
  const members = await Promise.all(
    Array.from({ length: Math.max(0, event.maxParticipants - event.currentParticipants) }, () => registerMember()),
  );
  for (const member of members) {
    const cookie = await sessionCookie(member);
    const { status, body } = await apiAs(cookie, "POST", "/api/bookings", { eventId, accessibilityRequirements: null });
    if (status !== 201) throw new Error(`booking ${eventId}: ${status} ${JSON.stringify(body)}`);
    bookers.push({ member, cookie, booking: body });
  }
  return bookers;
}

// ---------- The file mailbox (DATA_DIR/mail/*.eml, written by the server's outbox) ----------

export const MAIL_DIR = join(process.env.DATA_DIR ?? "data", "mail");

function unfoldHeaders(head) {
  return head.replace(/\r?\n[ \t]+/g, " ");
}

function decodeWords(value) {
  return value.replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/gi, (_, b64) => Buffer.from(b64, "base64").toString("utf8"));
}

/** Parses one of the server's .eml files: To, Subject and the decoded text and HTML parts. */
export function parseEml(source) {
  const [head, ...rest] = source.split(/\r?\n\r?\n/);
  const headers = {};
  for (const line of unfoldHeaders(head).split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) headers[line.slice(0, at).toLowerCase()] = decodeWords(line.slice(at + 1).trim());
  }
  const boundary = /boundary="([^"]+)"/.exec(headers["content-type"] ?? "")?.[1];
  const body = rest.join("\n\n");
  const parts = {};
  for (const part of boundary ? body.split(`--${boundary}`) : []) {
    const [partHead, ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const type = /Content-Type:\s*([^;\s]+)/i.exec(partHead ?? "")?.[1];
    if (!type) continue;
    const data = partBody.join("\n\n").replace(/\s+/g, "");
    parts[type] = Buffer.from(data, "base64").toString("utf8");
  }
  const to = /<([^>]+)>/.exec(headers.to ?? "")?.[1] ?? headers.to ?? "";
  return { to, subject: headers.subject ?? "", text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
}

/** Every email the server has written so far. */
export async function readMailbox() {
  let names = [];
  try {
    names = (await readdir(MAIL_DIR)).filter((name) => name.endsWith(".eml"));
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  return Promise.all(names.map(async (name) => parseEml(await readFile(join(MAIL_DIR, name), "utf8"))));
}

/** Waits (the outbox sends within about 2 s) for an email to `to` whose subject matches. */
export async function waitForEmail(to, subject, { timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox()).find(
      (mail) => mail.to.toLowerCase() === to.toLowerCase() && subject.test(mail.subject),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no email to ${to} matching ${subject} in ${MAIL_DIR} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until the outbox has sent every email written before this call, the positive signal
 * that an email which should not exist was not sent: it asks for a newsletter link for a
 * new address (an email of its own, written now) and waits for that. The outbox sends in
 * the order emails were written (`claim_due` in crates/adapters/diesel/src/outbox.rs), so
 * anything written earlier is in the mailbox by the time this one is.
 */
export async function outboxCaughtUp() {
  const marker = `outbox-marker-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const response = await fetch(`${BASE_URL}/api/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: marker }),
  });
  if (!response.ok) throw new Error(`newsletter: ${response.status} ${await response.text()}`);
  await waitForEmail(marker, /confirm your PlaySpace newsletter subscription/i);
}

/** The first link in an email's text part to `path` on this site, as a path with query. */
export function linkTo(mail, path) {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/**
 * Sets the server's clock to real time plus `seconds` and runs its timed sweeps; answers
 * {now, remindersSent, digestsSent}. Only a server started with TEST_CLOCK=on accepts it.
 */
export async function moveClock(seconds) {
  const response = await fetch(`${BASE_URL}/api/test/clock`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ offsetSeconds: seconds }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`the server runs with TEST_CLOCK=on: ${JSON.stringify(body)}`);
  return body;
}

/** Presses Tab until the focused element's accessible name matches `name`. */
export async function tabUntil(page, name, { max = 60 } = {}) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return "";
      const label = el.labels?.[0]?.textContent ?? "";
      return `${el.getAttribute("aria-label") ?? ""} ${label} ${el.textContent ?? ""}`.trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

// ---------- The admin area ----------

/**
 * The tests' administrator, made by scripts/test-frontend with `playspace create-admin`
 * (E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD).
 */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? "e2e-admin@example.org",
  password: process.env.E2E_ADMIN_PASSWORD ?? "",
};

function requireAdminPassword() {
  if (!ADMIN.password) throw new Error("E2E_ADMIN_PASSWORD is not set: run the tests with scripts/test-frontend");
}

/**
 * Signs `context` in as `who` (the tests' administrator unless given) and, unless
 * `adminSession` is false, opens the step-up admin session (POST /api/admin/login) too, so
 * the page goes straight into /admin.
 */
export async function signInAdminContext(context, { who = ADMIN, adminSession = true } = {}) {
  if (who === ADMIN) requireAdminPassword();
  await signInContext(context, who);
  if (!adminSession) return;
  const response = await context.request.post(`${BASE_URL}/api/admin/login`, { data: { password: who.password } });
  if (!response.ok()) throw new Error(`admin login: ${response.status()} ${await response.text()}`);
}

/** A Cookie header for `who` (the tests' administrator unless given) with an admin session open. */
export async function adminCookie(who = ADMIN) {
  if (who === ADMIN) requireAdminPassword();
  const cookie = await sessionCookie(who);
  const { status, body } = await apiAs(cookie, "POST", "/api/admin/login", { password: who.password });
  if (status !== 200) throw new Error(`admin login: ${status} ${JSON.stringify(body)}`);
  return cookie;
}

/** The id of the person signed in with `cookie`. */
export async function userIdOf(cookie) {
  const { status, body } = await apiAs(cookie, "GET", "/api/auth/user");
  if (status !== 200) throw new Error(`current user: ${status} ${JSON.stringify(body)}`);
  return body.user.id;
}

/**
 * A new member made a moderator (a session leader) by the administrator through
 * PATCH /api/admin/users/{id} {role: "moderator"}. Returns {member, id}.
 */
export async function registerModerator(asAdmin, overrides = {}) {
  const member = await registerMember(overrides);
  const id = await userIdOf(await sessionCookie(member));
  const { status, body } = await apiAs(asAdmin, "PATCH", `/api/admin/users/${id}`, { role: "moderator" });
  if (status !== 200) throw new Error(`make moderator: ${status} ${JSON.stringify(body)}`);
  return { member, id };
}

/** Books `eventId` for `member` through the API (cash or free); returns the booking. */
export async function bookFor(member, eventId, { accessibilityRequirements = null } = {}) {
  const cookie = await sessionCookie(member);
  const { status, body } = await apiAs(cookie, "POST", "/api/bookings", { eventId, accessibilityRequirements });
  if (status !== 201) throw new Error(`booking ${eventId}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** The id of the demo venue called `name` (GET /api/venues). */
export async function venueIdOf(name) {
  const { status, body } = await apiAs("", "GET", "/api/venues");
  const venue = status === 200 ? body.venues.find((v) => v.name === name) : undefined;
  if (!venue) throw new Error(`no venue called ${name}: ${status}`);
  return venue.id;
}

/**
 * Creates an event as the administrator (POST /api/admin/events) at the demo venue called
 * `venue` (Hackney Marshes Centre unless given); returns the AdminEvent.
 */
export async function createEventAs(asAdmin, { venue = "Hackney Marshes Centre", ...fields }) {
  const { status, body } = await apiAs(asAdmin, "POST", "/api/admin/events", {
    description: "A relaxed session for every level. Bring water and comfortable clothes.",
    category: "Football",
    venueId: await venueIdOf(venue),
    duration: 60,
    maxParticipants: 20,
    price: "0.00",
    ...fields,
  });
  if (status !== 201) throw new Error(`create event: ${status} ${JSON.stringify(body)}`);
  return body.event;
}

// ---------- Accessibility ----------

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's violations on the page as it is now, every rule (`exclude`: selectors left out).
 * axe-core runs in the page itself, loaded once per document and asked only for violations:
 * @axe-core/playwright's AxeBuilder runs each frame partially and then finishes the run in a
 * new page, about three times as slow here (1.1-1.4 s against 0.3-0.4 s a check,
 * docs/performance.md), for frames this site does not have.
 */
export async function axeViolations(page, { exclude = [] } = {}) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (exclude) =>
      window.axe
        .run({ exclude: exclude.map((selector) => [selector]) }, { resultTypes: ["violations"], iframes: false })
        .then((results) => results.violations),
    exclude,
  );
}

export function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`)
    .join("\n");
}

async function settleTheme(page, colorScheme, reducedMotion = "no-preference") {
  await page.emulateMedia({ colorScheme, reducedMotion });
  await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
  await settleAnimations(page);
}

/**
 * Waits until every finite animation and transition has finished: colours fade after a theme
 * change, and a toast fades in and out, so axe would measure contrast halfway through a fade.
 * Endless ones (spinners, skeleton pulses) are left running.
 */
async function settleAnimations(page) {
  // Two frames first: a transition exists only once the style change has been computed.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Collects axe violations of the screens a test passes through, each checked in the light
 * and the dark theme (the page follows the emulated device setting); `assertClean()` at the
 * end fails the test with all of them.
 */
export function axeChecker(page) {
  const failures = [];
  return {
    async check(label) {
      for (const colorScheme of ["light", "dark"]) {
        // Reduced motion while axe reads the page: a toast that starts fading out halfway
        // through the analysis then vanishes at once instead of being measured half-faded.
        await settleTheme(page, colorScheme, "reduce");
        // A sandboxed frame runs no script, so axe cannot look inside and would wait for it
        // forever (the email preview): left out, its title is checked by the test.
        const violations = await axeViolations(page, { exclude: ["iframe[sandbox]"] });
        if (violations.length > 0) failures.push(`${label} (${colorScheme})\n${describeViolations(violations)}`);
      }
      await settleTheme(page, "light");
    },
    assertClean() {
      if (failures.length > 0) throw new Error(`axe found accessibility violations:\n\n${failures.join("\n\n")}`);
    },
  };
}

/** Polls `check` until it returns something truthy (that value), or fails after `timeoutMs`. */
export async function until(check, { timeoutMs = 10_000, what = "the condition" } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
