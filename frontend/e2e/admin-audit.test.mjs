// The admin dashboard's Audit tab in the browser, as the tests' administrator: what the test
// has just done (an inline rename and an export) is listed, and the list filters by action.
// An admin with more than 50 entries pages back to their oldest with "Load older entries",
// and a role change says from what to what.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  ADMIN,
  adminCookie,
  apiAs,
  axeChecker,
  goto,
  launchBrowser,
  openPage,
  registerMember,
  registerModerator,
  sessionCookie,
  signInAdminContext,
  until,
  userIdOf,
} from "./helpers.mjs";

let browser;
let asAdmin;

before(async () => {
  browser = await launchBrowser();
  asAdmin = await adminCookie();
});

after(async () => {
  await browser?.close();
});

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

describe("admin audit log", () => {
  test("lists what was just done, and filters by action", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      const axe = axeChecker(page);
      await signInAdminContext(context);
      const adminId = await userIdOf(asAdmin);
      const surname = `Audit${Math.random().toString(36).slice(2, 7)}`.replace(/\d/g, "q");
      const member = await registerMember({ firstName: "Efua", lastName: surname });
      const memberId = await userIdOf(await sessionCookie(member));

      // Rename someone, and export the users.
      await goto(page, "/admin?tab=users");
      await page.getByRole("searchbox", { name: "Search users" }).fill(surname);
      await page.getByRole("button", { name: `Edit first name of Efua ${surname}` }).click();
      await page.getByRole("textbox", { name: `First name of Efua ${surname}` }).fill("Efia");
      await page.keyboard.press("Enter");
      await toast(page, "User updated successfully").waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export users" }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^users-export-\d{4}-\d{2}-\d{2}\.csv$/);

      await page.getByRole("tab", { name: "Audit" }).click();
      await page.getByRole("heading", { name: "Audit log", level: 2 }).waitFor();
      const table = page.getByRole("region", { name: "Audit log entries" });
      const rows = table.locator("tbody tr");
      // Newest first: the export, then the rename of this member (its field only, no values).
      await rows.first().getByText("data.export").waitFor();
      const rename = rows.filter({ hasText: "user.update" }).filter({ hasText: memberId }).first();
      await rename.waitFor();
      await rename.getByText("firstName").waitFor();
      assert.equal(await rename.getByText("Efia").count(), 0, "the new value is not in the log");
      const who = await rows.first().getByRole("button").first().textContent();
      const { body: self } = await apiAs(asAdmin, "GET", `/api/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
      assert.ok(who.startsWith(`${self.users[0].firstName} ${self.users[0].lastName}`), who);
      await axe.check("audit tab");

      // Only the exports.
      await page.getByRole("combobox", { name: "Action" }).click();
      await page.getByRole("option", { name: "data.export", exact: true }).click();
      await page.getByRole("button", { name: "Clear filters" }).waitFor();
      await until(
        async () => {
          const actions = await rows.locator("td:nth-child(3) code").allTextContents();
          return actions.length > 0 && actions.every((action) => action === "data.export");
        },
        { what: "only data.export entries" },
      );
      const { body } = await apiAs(asAdmin, "GET", `/api/admin/audit-logs?action=data.export&userId=${adminId}`);
      assert.ok(body.logs.length >= 1);
      await axe.check("audit tab filtered");

      // One person's entries: the admin's own, from the Who column.
      await page.getByRole("button", { name: "Clear filters" }).click();
      await rows.first().getByRole("button").first().click();
      await page.getByRole("textbox", { name: "Person (user ID)" }).and(page.locator(`[value="${adminId}"]`)).waitFor();
      axe.assertClean();
      assert.deepEqual(errors.map(String), [], "the page logged errors");
    } finally {
      await context.close();
    }
  });

  test("pages back past the latest 50 entries, and a role change says from what to what", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      const axe = axeChecker(page);
      // A new admin, made one by the tests' administrator, with 60 renames of one member:
      // 62 entries of their own with the admin logins, whatever other tests have done.
      const { member: pager, id: pagerId } = await registerModerator(asAdmin, { firstName: "Paige" });
      const promoted = await apiAs(asAdmin, "PATCH", `/api/admin/users/${pagerId}`, { role: "admin" });
      assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
      const asPager = await adminCookie(pager);
      const renamed = await registerMember({ firstName: "Renamed" });
      const renamedId = await userIdOf(await sessionCookie(renamed));
      for (let i = 0; i < 60; i += 1) {
        const { status } = await apiAs(asPager, "PATCH", `/api/admin/users/${renamedId}`, { firstName: `Name${"q".repeat(i % 5)}` });
        assert.equal(status, 200);
      }
      await signInAdminContext(context, { who: pager });

      await goto(page, "/admin?tab=audit");
      await page.getByRole("heading", { name: "Audit log", level: 2 }).waitFor();
      await page.getByRole("textbox", { name: "Person (user ID)" }).fill(pagerId);
      const rows = page.getByRole("region", { name: "Audit log entries" }).locator("tbody tr");
      const shown = page.getByText(/^Showing \d+ entr/);
      const who = rows.locator("td:nth-child(2)");
      await until(
        async () => {
          const names = await who.allTextContents();
          return names.length === 50 && names.every((name) => name.startsWith("Paige Silva"));
        },
        { what: "the newest 50 of their entries" },
      );
      assert.equal(await shown.textContent(), "Showing 50 entries");
      const older = page.getByRole("button", { name: "Load older entries" });
      await axe.check("audit tab with older entries to load");

      // From the keyboard: the button loads the 12 before them and keeps focus.
      await older.focus();
      await page.keyboard.press("Enter");
      await until(async () => (await shown.textContent()) === "Showing 62 entries, back to the oldest", {
        what: "all 62 entries",
      });
      assert.equal(await rows.count(), 62);
      const end = page.getByRole("button", { name: "No older entries" });
      assert.equal(await end.getAttribute("aria-disabled"), "true");
      assert.ok(await end.evaluate((button) => button === document.activeElement), "focus stays on the button");
      // Newest first to the oldest, each once: their first admin login is last.
      const actions = await rows.locator("td:nth-child(3) code").allTextContents();
      assert.equal(actions.filter((action) => action === "user.update").length, 60);
      assert.equal(actions.at(-1), "admin.login");
      const times = await rows.locator("td:first-child time").evaluateAll((cells) => cells.map((cell) => cell.getAttribute("datetime")));
      assert.deepEqual([...times].sort().reverse(), times, "newest first across the pages");
      await axe.check("audit tab back to the oldest entry");

      // Who made Paige an admin, from what role: the tests' administrator's entry.
      const adminId = await userIdOf(asAdmin);
      await page.getByRole("textbox", { name: "Person (user ID)" }).fill(adminId);
      const promotion = rows.filter({ hasText: pagerId }).filter({ hasText: "to: admin" }).first();
      await promotion.waitFor();
      await promotion.getByText("from: moderator").waitFor();
      await promotion.getByText("field: role").waitFor();
      axe.assertClean();
      assert.deepEqual(errors.map(String), [], "the page logged errors");
    } finally {
      await context.close();
    }
  });
});
