// Issue 22, item 8a: the admin Overview's Revenue card gives membership income beside
// bookings. A member buys the Active plan through the (local) checkout; once the overview's
// figures count it (they may be up to two minutes old, docs/adr/0009), the card shows the
// total, this month's, and what bookings and memberships each brought in, as the page's own
// answer says; axe and screenshots at 390 px and desktop, light and dark.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  apiAs,
  axeChecker,
  BASE_URL,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  registerMember,
  sessionCookie,
  signInAdminContext,
  until,
  withPage,
} from "./helpers.mjs";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const money = (amount) => pounds.format(Number(amount));

async function screenshot(page, name) {
  const dir = process.env.SCREENSHOT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), "screenshots");
  await mkdir(dir, { recursive: true });
  for (const colorScheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
    await page.screenshot({ path: join(dir, `${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
}

describe("admin overview", () => {
  test("the Revenue card gives bookings and memberships beside the total", async () => {
    const admin = await adminCookie();
    const stats = async () => (await apiAs(admin, "GET", "/api/admin/dashboard-stats")).body;
    const before = Number((await stats()).revenue.memberships.total);

    // A member pays for the Active plan (£15.00 a month) at the checkout.
    const member = await sessionCookie(await registerMember());
    const chosen = await apiAs(member, "POST", "/api/memberships", { plan: "active", price: "0.00" });
    assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
    const paid = await fetch(`${BASE_URL}/checkout/${chosen.body.sessionId}/pay`, { method: "POST", redirect: "manual" });
    assert.equal(paid.status, 303);
    // The figures are refreshed behind a request once they are 30 s old.
    await until(async () => Number((await stats()).revenue.memberships.total) >= before + 15, {
      timeoutMs: 150_000,
      what: "the overview to count the plan",
    });

    for (const viewport of [MOBILE, DESKTOP]) {
      await withPage(browser, { prepare: signInAdminContext, viewport }, async (page) => {
        const axe = axeChecker(page);
        const answer = page.waitForResponse((response) => response.url().endsWith("/api/admin/dashboard-stats"));
        await goto(page, "/admin");
        const { revenue } = await (await answer).json();
        const card = page.getByRole("group", { name: "Revenue" });
        await card.waitFor();
        const row = (label) => card.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
        assert.equal(await row("Total revenue").textContent(), money(revenue.total));
        assert.equal(await row("This month").textContent(), money(revenue.thisMonth));
        assert.equal(await row("Bookings").textContent(), money(revenue.bookings.total));
        assert.equal(await row("Memberships").textContent(), money(revenue.memberships.total));
        assert.ok(Number(revenue.memberships.total) >= 15, "the plan is counted");
        assert.equal(
          (Number(revenue.bookings.total) * 100 + Number(revenue.memberships.total) * 100).toFixed(0),
          (Number(revenue.total) * 100).toFixed(0),
          "the total is both together",
        );
        await axe.check(`overview at ${viewport.width} px`);
        await screenshot(page, `admin-overview-${viewport.width}`);
        axe.assertClean();
      });
    }
  });
});
