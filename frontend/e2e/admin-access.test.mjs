// The admin area's door in the browser: the step-up admin login with each of its messages,
// /admin without an admin session, a member refused, 'Verifying access...' while the server
// is asked, and the admin login with the keyboard alone. The tests' administrator is made by
// scripts/test-frontend (E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  ADMIN,
  axeChecker,
  BASE_URL,
  goto,
  launchBrowser,
  MOBILE,
  registerMember,
  signInAdminContext,
  signInContext,
  tabUntil,
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

describe("admin login", () => {
  test("/admin without an admin session says 'Verifying access...', then goes to /admin/login", () =>
    withPage(browser, {}, async (page, context) => {
      await signInAdminContext(context, { adminSession: false });
      // Hold the server's answer until the waiting screen has been seen: no race.
      let release;
      const answered = new Promise((resolve) => {
        release = resolve;
      });
      await page.route("**/api/admin/check-auth", async (route) => {
        await answered;
        await route.continue();
      });
      await page.goto(`${BASE_URL}/admin`);
      const waiting = page.getByRole("status").filter({ hasText: "Verifying access..." });
      await waiting.waitFor();
      release();
      await page.waitForURL(`${BASE_URL}/admin/login`);
      await page.getByRole("heading", { name: "Admin Login", level: 1 }).waitFor();
      assert.equal(await waiting.count(), 0);
    }));

  test("says 'Password Required', then 'Access Denied' for a wrong password, then 'Access Granted'", () =>
    withPage(browser, {}, async (page, context) => {
      const axe = axeChecker(page);
      await signInAdminContext(context, { adminSession: false });
      await goto(page, "/admin/login");
      await page.getByRole("heading", { name: "Admin Login", level: 1 }).waitFor();
      await axe.check("admin login");

      const password = page.getByLabel(/^Password/);
      const submit = page.getByRole("button", { name: "Open Admin Dashboard" });

      // Nothing typed: the spec's 'Password Required', as a toast and under the field.
      await submit.click();
      await toast(page, "Password Required").waitFor();
      await page.locator("form").getByText("Password Required").waitFor();
      assert.equal(await password.getAttribute("aria-invalid"), "true");
      await axe.check("admin login: password required");

      // A wrong password: 'Access Denied' / 'Invalid admin password. Please try again.'
      await password.fill("not my password at all");
      await submit.click();
      const denied = toast(page, "Access Denied");
      await denied.waitFor();
      await denied.getByText("Invalid admin password. Please try again.").waitFor();
      assert.equal(await password.inputValue(), "", "the wrong password is cleared");
      // Focus goes back to the emptied box for another try.
      await page.waitForFunction(() => document.activeElement?.getAttribute("type") === "password");
      assert.equal(page.url(), `${BASE_URL}/admin/login`);
      await axe.check("admin login: access denied");

      // The right one: 'Access Granted' and the dashboard.
      await password.fill(ADMIN.password);
      await submit.click();
      await toast(page, "Access Granted").waitFor();
      await page.waitForURL(`${BASE_URL}/admin`);
      await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
      await page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
      await page.getByRole("heading", { name: "Trends" }).waitFor();
      axe.assertClean();
    }));

  test("works with the keyboard alone", () =>
    withPage(browser, {}, async (page, context) => {
      await signInAdminContext(context, { adminSession: false });
      await goto(page, "/admin/login");
      await page.getByRole("heading", { name: "Admin Login", level: 1 }).waitFor();
      await tabUntil(page, /^Password/);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("type")), "password");
      await page.keyboard.type(ADMIN.password);
      await page.keyboard.press("Enter");
      await toast(page, "Access Granted").waitFor();
      await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();

      // On to the Users tab by keyboard: arrow keys move along the tabs, Enter opens one.
      await page.getByRole("heading", { name: "Trends" }).waitFor();
      await page.getByRole("tab", { name: "Overview" }).focus();
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(() => document.activeElement?.textContent?.trim() === "Users");
      await page.keyboard.press("Enter");
      await page.getByRole("tab", { name: "Users", selected: true }).waitFor();
      await page.getByRole("heading", { name: "Users", level: 2 }).waitFor();
    }));

  test("a signed-in member sees 'Access Denied' at /admin and at /admin/login", () =>
    withPage(browser, {}, async (page, context) => {
      const axe = axeChecker(page);
      await signInContext(context, await registerMember());
      for (const path of ["/admin", "/admin/login"]) {
        await goto(page, path);
        await page.getByRole("heading", { name: "Access Denied", level: 1 }).waitFor();
        await page.getByText("You don't have permission to access the admin dashboard.").waitFor();
        assert.equal(await page.getByLabel(/^Password/).count(), 0);
        await axe.check(`member at ${path}`);
      }
      // The API agrees.
      const status = await page.evaluate(() => fetch("/api/admin/users").then((r) => r.status));
      assert.equal(status, 403);
      axe.assertClean();
    }));

  test("every tab at 390 px: no sideways scrolling, and axe finds nothing in light and dark", () =>
    withPage(browser, { viewport: MOBILE }, async (page, context) => {
      const axe = axeChecker(page);
      await signInAdminContext(context);
      for (const [tab, heading] of [
        ["Overview", "Trends"],
        ["Users", "Users"],
        ["Events", "Events"],
        ["Bookings", "Bookings"],
        ["Blog", "Blog"],
        ["Emails", "Send an email"],
        ["Community", "WhatsApp community"],
        ["Audit", "Audit log"],
        ["Registers", "Registers"],
      ]) {
        await goto(page, `/admin?tab=${tab.toLowerCase()}`);
        await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
        await page.waitForLoadState("networkidle");
        // Every section's tab is on screen (they wrap rather than scroll away).
        for (const name of ["Overview", "Registers"]) {
          assert.ok(await page.getByRole("tab", { name }).isVisible(), `${name} tab`);
          const box = await page.getByRole("tab", { name }).boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= MOBILE.width, `${name} tab within the screen`);
        }
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(wide, 0, `the ${tab} tab scrolls sideways by ${wide} px`);
        await axe.check(`${tab} tab at 390 px`);
      }
      axe.assertClean();
    }));
});
