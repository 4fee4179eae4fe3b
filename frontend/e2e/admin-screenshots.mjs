#!/usr/bin/env node
// Screenshots of every admin screen (the login, each tab, the dialogs, the register) at
// 390 px and 1280 px in light and dark, for a person to look at. Needs a running server and
// the tests' administrator: PLAYSPACE_URL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD (see
// scripts/test-frontend). Output: SCREENSHOT_DIR, else a folder in the system's temp dir.
// An optional argument (a regular expression) picks the shots by name.
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  adminCookie,
  apiAs,
  bookFor,
  createEventAs,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  openPage,
  registerMember,
  registerModerator,
  sessionCookie,
  signInAdminContext,
  userIdOf,
} from "./helpers.mjs";

const outDir = process.env.SCREENSHOT_DIR ?? join(tmpdir(), "playspace-admin-screenshots");
await mkdir(outDir, { recursive: true });

const asAdmin = await adminCookie();
const leader = await registerModerator(asAdmin, { firstName: "Kwabena", lastName: "Owusu" });
const event = await createEventAs(asAdmin, {
  title: "Walking Football for Beginners",
  price: "5.00",
  leaderId: leader.id,
  date: new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString(),
});
const people = [
  ["Kwame", "Asante", "Step-free access, please; I use a wheelchair."],
  ["Lola", "Adeyemi", null],
  ["Maximilian-Alexander", "Featherstonehaugh-Wolfeschlegel", null],
];
let firstBooking;
for (const [firstName, lastName, needs] of people) {
  const member = await registerMember({ firstName, lastName });
  const booking = await bookFor(member, event.id, { accessibilityRequirements: needs });
  firstBooking ??= booking;
}

// More than 50 audit entries, so the Audit tab has older entries to load: renames of one
// member, back and forth.
const renamed = await userIdOf(await sessionCookie(await registerMember({ firstName: "Sam", lastName: "Okafor" })));
for (let i = 0; i < 56; i += 1) {
  await apiAs(asAdmin, "PATCH", `/api/admin/users/${renamed}`, { firstName: i % 2 === 0 ? "Samuel" : "Sam" });
}

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** [name, path, ready (a locator maker), step before the shot, whole page?]. */
const adminShots = [
  ["overview", "/admin", (page) => page.getByRole("heading", { name: "Trends" })],
  [
    "overview-table",
    "/admin",
    (page) => page.getByRole("heading", { name: "Trends" }),
    async (page) => {
      await page.getByRole("figure", { name: /Bookings per week/ }).getByRole("button", { name: "Show as table" }).click();
    },
  ],
  ["users", "/admin?tab=users", (page) => page.getByRole("region", { name: /^Users, page/ })],
  [
    "users-editing",
    "/admin?tab=users",
    (page) => page.getByRole("region", { name: /^Users, page/ }),
    async (page) => {
      await page.getByRole("searchbox", { name: "Search users" }).fill("Asante");
      await page.getByRole("button", { name: "Edit first name of Kwame Asante" }).first().click();
    },
  ],
  [
    "users-no-items",
    "/admin?tab=users",
    (page) => page.getByRole("region", { name: /^Users, page/ }),
    async (page) => {
      await page.getByRole("button", { name: "Change role" }).click();
      await toast(page, "No items selected").waitFor();
    },
  ],
  [
    "create-user-dialog",
    "/admin?tab=users",
    (page) => page.getByRole("region", { name: /^Users, page/ }),
    async (page) => {
      await page.getByRole("button", { name: "Create user" }).click();
      await page.getByRole("dialog").waitFor();
    },
    false,
  ],
  [
    "bulk-role-dialog",
    "/admin?tab=users",
    (page) => page.getByRole("region", { name: /^Users, page/ }),
    async (page) => {
      await page.getByRole("checkbox", { name: "Select all users on this page" }).check();
      await page.getByRole("button", { name: "Change role" }).click();
      await page.getByRole("dialog").waitFor();
    },
    false,
  ],
  ["events", "/admin?tab=events", (page) => page.getByRole("region", { name: /events, page/ })],
  [
    "events-menu",
    "/admin?tab=events",
    (page) => page.getByRole("region", { name: /events, page/ }),
    async (page) => {
      await page.getByRole("searchbox", { name: "Search events" }).fill(event.title);
      await page.getByRole("button", { name: `Actions for ${event.title}` }).first().click();
      await page.getByRole("menuitem", { name: "Edit" }).waitFor();
    },
  ],
  [
    "create-event-dialog",
    "/admin?tab=events",
    (page) => page.getByRole("region", { name: /events, page/ }),
    async (page) => {
      await page.getByRole("button", { name: "Create event" }).click();
      await page.getByRole("dialog").waitFor();
    },
    false,
  ],
  [
    "series-dialog",
    "/admin?tab=events",
    (page) => page.getByRole("region", { name: /events, page/ }),
    async (page) => {
      await page.getByRole("button", { name: "Create series" }).click();
      await page.getByRole("dialog").waitFor();
    },
    false,
  ],
  [
    "edit-event-dialog",
    "/admin?tab=events",
    (page) => page.getByRole("region", { name: /events, page/ }),
    async (page) => {
      await page.getByRole("searchbox", { name: "Search events" }).fill(event.title);
      await page.getByRole("button", { name: `Actions for ${event.title}` }).first().click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      await page.getByRole("dialog", { name: "Edit event" }).waitFor();
    },
    false,
  ],
  ["venues", "/admin?tab=venues", (page) => page.getByRole("region", { name: "All venues" })],
  [
    "add-venue-dialog",
    "/admin?tab=venues",
    (page) => page.getByRole("region", { name: "All venues" }),
    async (page) => {
      await page.getByRole("button", { name: "Add venue" }).click();
      await page.getByRole("dialog", { name: "Add a venue" }).waitFor();
    },
    false,
  ],
  ["bookings", "/admin?tab=bookings", (page) => page.getByRole("region", { name: /^Bookings, page/ })],
  [
    "cancel-booking-dialog",
    `/admin?tab=bookings&eventId=${event.id}`,
    (page) => page.getByRole("region", { name: /^Bookings, page/ }),
    async (page) => {
      await page.getByRole("button", { name: `Cancel booking ${firstBooking.reference}` }).click();
      await page.getByRole("dialog").waitFor();
    },
    false,
  ],
  ["emails", "/admin?tab=emails", (page) => page.getByRole("heading", { name: "Past emails" })],
  [
    "emails-missing",
    "/admin?tab=emails",
    (page) => page.getByRole("heading", { name: "Past emails" }),
    async (page) => {
      await page.getByRole("button", { name: "Send email" }).click();
      await toast(page, "Missing information").waitFor();
    },
  ],
  [
    "emails-preview",
    "/admin?tab=emails",
    (page) => page.getByRole("heading", { name: "Past emails" }),
    async (page) => {
      await page.getByRole("textbox", { name: "Subject" }).fill("Summer tournament in Victoria Park");
      await page.getByRole("textbox", { name: "Message" }).fill("Hello everyone,\n\nOur summer tournament is on 12 July.\nAll levels welcome.");
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("heading", { name: /^Preview:/ }).waitFor();
    },
  ],
  [
    "bulk-email-confirm-dialog",
    "/admin?tab=emails",
    (page) => page.getByRole("heading", { name: "Past emails" }),
    async (page) => {
      await page.getByRole("combobox", { name: "Recipients" }).click();
      await page.getByRole("option", { name: "Verified members", exact: true }).click();
      await page.getByRole("textbox", { name: "Subject" }).fill("Summer tournament in Victoria Park");
      await page.getByRole("textbox", { name: "Message" }).fill("Hello everyone.");
      await page.getByRole("button", { name: "Send email" }).click();
      await page.getByRole("alertdialog").waitFor();
    },
    false,
  ],
  ["audit", "/admin?tab=audit", (page) => page.getByRole("region", { name: "Audit log entries" })],
  [
    "audit-older",
    "/admin?tab=audit",
    (page) => page.getByRole("region", { name: "Audit log entries" }),
    async (page) => {
      await page.getByRole("button", { name: "Load older entries" }).click();
      const end = page.getByRole("button", { name: "No older entries" });
      await end.waitFor();
      await end.scrollIntoViewIfNeeded();
    },
    false,
  ],
  ["registers-admin", "/admin?tab=registers", (page) => page.getByRole("heading", { name: "Registers", level: 2 })],
  ["register", `/admin/register/${event.id}`, (page) => page.getByRole("list", { name: "Attendees" })],
];

const leaderShots = [
  ["leader-registers", "/admin", (page) => page.getByRole("link", { name: event.title }).first()],
  ["leader-register", `/admin/register/${event.id}`, (page) => page.getByRole("list", { name: "Attendees" })],
];

const only = process.argv[2] ? new RegExp(process.argv[2]) : null;
const browser = await launchBrowser();

async function shoot(page, [name, path, ready, step, fullPage = true], size, colorScheme) {
  await goto(page, path);
  await ready(page).first().waitFor();
  await page.waitForLoadState("networkidle");
  if (step) await step(page);
  await page.waitForTimeout(400);
  const file = join(outDir, `admin-${name}-${size}-${colorScheme}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

try {
  for (const [size, viewport] of [["390", MOBILE], ["1280", DESKTOP]]) {
    for (const colorScheme of ["light", "dark"]) {
      if (!only || only.test("login")) {
        const { context, page } = await openPage(browser, { viewport, colorScheme });
        await signInAdminContext(context, { adminSession: false });
        await shoot(page, ["login", "/admin/login", (p) => p.getByRole("heading", { name: "Admin Login" })], size, colorScheme);
        await shoot(
          page,
          [
            "login-denied",
            "/admin/login",
            (p) => p.getByRole("heading", { name: "Admin Login" }),
            async (p) => {
              await p.getByLabel(/^Password/).fill("not my password");
              await p.getByRole("button", { name: "Open Admin Dashboard" }).click();
              await toast(p, "Access Denied").waitFor();
            },
          ],
          size,
          colorScheme,
        );
        await context.close();
      }

      const admin = await openPage(browser, { viewport, colorScheme });
      await signInAdminContext(admin.context);
      for (const entry of adminShots) {
        if (!only || only.test(entry[0])) await shoot(admin.page, entry, size, colorScheme);
      }
      await admin.context.close();

      const led = await openPage(browser, { viewport, colorScheme });
      await signInAdminContext(led.context, { who: leader.member });
      for (const entry of leaderShots) {
        if (!only || only.test(entry[0])) await shoot(led.page, entry, size, colorScheme);
      }
      await led.context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`Screenshots in ${outDir}`);
