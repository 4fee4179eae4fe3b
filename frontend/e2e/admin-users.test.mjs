// The admin dashboard's Overview and Users tabs in the browser, as the tests' administrator:
// the figures and a chart's table, searching people, renaming one inline (also with the
// keyboard alone), creating an account, and changing the role of two at once.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  apiAs,
  axeChecker,
  goto,
  launchBrowser,
  openPage,
  registerMember,
  signInAdminContext,
  tabUntil,
  until,
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

/** A page signed in as the administrator with the admin session open. */
async function withAdmin(options, body) {
  const { context, page, errors } = await openPage(browser, options);
  try {
    await signInAdminContext(context);
    await body(page, context);
    assert.deepEqual(errors.map(String), [], "the page logged errors");
  } finally {
    await context.close();
  }
}

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const tag = () => Math.random().toString(36).slice(2, 8);
/** A surname the tests can search for and find only their own people with. */
const uniqueSurname = () => `Okonkwo${tag()}`.replace(/\d/g, "x");

async function openUsers(page) {
  await goto(page, "/admin?tab=users");
  await page.getByRole("heading", { name: "Users", level: 2 }).waitFor();
}

async function search(page, text) {
  await page.getByRole("searchbox", { name: "Search users" }).fill(text);
}

const usersTable = (page) => page.getByRole("region", { name: /^Users, page/ });

describe("admin overview", () => {
  test("shows the figures, and a chart's 'Show as table' holds the same numbers", () =>
    withAdmin({}, async (page) => {
      const axe = axeChecker(page);
      await goto(page, "/admin");
      const figures = page.getByRole("region", { name: "Figures" });
      await figures.waitFor();
      const { body: stats } = await apiAs(asAdmin, "GET", "/api/admin/dashboard-stats");
      for (const title of ["Users", "Events", "Bookings", "Revenue"]) {
        await figures.getByRole("heading", { name: title, level: 3 }).waitFor();
      }
      // Every bookable session counts; none are added while this test runs.
      await figures.getByText(stats.events.total.toLocaleString("en-GB"), { exact: true }).first().waitFor();

      const chart = page.getByRole("figure", { name: /Bookings per week/ });
      await chart.locator(".recharts-surface").first().waitFor();
      await axe.check("overview");

      const toggle = chart.getByRole("button", { name: "Show as table" });
      await toggle.click();
      assert.equal(await toggle.getAttribute("aria-pressed"), "true");
      const table = chart.getByRole("table", { name: "Bookings per week" });
      await table.waitFor({ state: "visible" });
      assert.equal(await chart.locator(".recharts-surface").isVisible(), false, "the drawing gives way to the table");
      const shown = await table.locator("tbody tr").evaluateAll((rows) =>
        rows.map((row) => row.querySelector("td")?.textContent?.trim()),
      );
      assert.deepEqual(
        shown,
        stats.charts.bookingsPerWeek.map((week) => String(week.bookings)),
        "the table holds the chart's numbers, oldest week first",
      );
      assert.equal(shown.length, 12);
      await axe.check("overview with a chart as a table");
      axe.assertClean();
    }));
});

describe("admin users", () => {
  test("finds people by name, renames one inline, and creates an account", () =>
    withAdmin({}, async (page) => {
      const axe = axeChecker(page);
      const surname = uniqueSurname();
      const member = await registerMember({ firstName: "Ngozi", lastName: surname });
      await openUsers(page);
      await axe.check("users tab");

      await search(page, surname.toLowerCase());
      const table = usersTable(page);
      await until(async () => (await table.locator("tbody tr").count()) === 1, { what: "only the person searched for" });
      await table.getByText(member.email).waitFor();

      await table.getByRole("button", { name: `Edit first name of Ngozi ${surname}` }).click();
      const box = table.getByRole("textbox", { name: `First name of Ngozi ${surname}` });
      await box.fill("Adanna");
      await axe.check("users tab: editing a name");
      await box.press("Enter");
      await toast(page, "User updated successfully").waitFor();
      await table.getByRole("button", { name: `Edit first name of Adanna ${surname}` }).waitFor();
      const { body } = await apiAs(asAdmin, "GET", `/api/admin/users?q=${encodeURIComponent(member.email)}`);
      assert.equal(body.users[0].firstName, "Adanna");

      // A new account.
      const email = `kemi.${tag()}@example.org`;
      await page.getByRole("button", { name: "Create user" }).click();
      const dialog = page.getByRole("dialog", { name: "Create user" });
      await dialog.getByRole("textbox", { name: "First name" }).fill("Kemi");
      await dialog.getByRole("textbox", { name: "Last name" }).fill(surname);
      await dialog.getByRole("textbox", { name: "Email" }).fill(email);
      await dialog.getByLabel(/^Password/).fill("steady heron 77");
      await dialog.getByRole("combobox", { name: "Role" }).click();
      await page.getByRole("option", { name: "Moderator" }).click();
      await axe.check("create user dialog");
      await dialog.getByRole("button", { name: "Create user" }).click();
      await toast(page, "User created successfully").waitFor();
      await dialog.waitFor({ state: "detached" });
      await table.getByText(email).waitFor();
      const created = await apiAs(asAdmin, "GET", `/api/admin/users?q=${encodeURIComponent(email)}`);
      assert.equal(created.body.users[0].role, "moderator");
      axe.assertClean();
    }));

  test("changes the role of two selected people, and says 'No items selected' with none", () =>
    withAdmin({}, async (page) => {
      const axe = axeChecker(page);
      const surname = uniqueSurname();
      const first = await registerMember({ firstName: "Bisi", lastName: surname });
      const second = await registerMember({ firstName: "Tunde", lastName: surname });
      await openUsers(page);

      // Nothing selected yet.
      await page.getByRole("button", { name: "Change role" }).click();
      await toast(page, "No items selected").waitFor();
      assert.equal(await page.getByRole("dialog").count(), 0);

      await search(page, surname);
      const table = usersTable(page);
      await table.getByText(second.email).waitFor();
      await table.getByRole("checkbox", { name: `Select Bisi ${surname}` }).check();
      await table.getByRole("checkbox", { name: `Select Tunde ${surname}` }).check();
      await page.getByText("2 users selected").waitFor();
      await page.getByRole("button", { name: "Change role" }).click();
      const dialog = page.getByRole("dialog", { name: "Change role of 2 users" });
      await dialog.getByRole("combobox", { name: "New role" }).click();
      await page.getByRole("option", { name: "Moderator" }).click();
      await axe.check("change role dialog");
      await dialog.getByRole("button", { name: "Change role" }).click();
      await toast(page, "Bulk action completed successfully").waitFor();
      await page.getByText("No users selected").waitFor();

      for (const person of [first, second]) {
        const { body } = await apiAs(asAdmin, "GET", `/api/admin/users?q=${encodeURIComponent(person.email)}`);
        assert.equal(body.users[0].role, "moderator", person.email);
      }
      await table
        .getByRole("combobox", { name: `Role of Bisi ${surname}` })
        .filter({ hasText: "Moderator" })
        .waitFor();
      axe.assertClean();
    }));

  test("renames someone with the keyboard alone", () =>
    withAdmin({}, async (page) => {
      const surname = uniqueSurname();
      const member = await registerMember({ firstName: "Chioma", lastName: surname });
      await openUsers(page);
      await page.getByRole("searchbox", { name: "Search users" }).focus();
      await page.keyboard.type(surname);
      await usersTable(page).getByText(member.email).waitFor();

      await tabUntil(page, new RegExp(`^Edit last name of Chioma ${surname}`));
      await page.keyboard.press("Enter");
      // The box has focus with the old name selected: typing replaces it.
      await page.keyboard.type(`${surname}-Eze`);
      await page.keyboard.press("Enter");
      await toast(page, "User updated successfully").waitFor();
      // Focus is back on the Edit button, now named after the new name.
      await page.waitForFunction(
        (name) => document.activeElement?.getAttribute("aria-label") === name,
        `Edit last name of Chioma ${surname}-Eze`,
      );

      // Escape leaves a box without saving.
      await page.keyboard.press("Enter");
      await page.keyboard.type("Not saved");
      await page.keyboard.press("Escape");
      await page.waitForFunction(
        (name) => document.activeElement?.getAttribute("aria-label") === name,
        `Edit last name of Chioma ${surname}-Eze`,
      );
      const { body } = await apiAs(asAdmin, "GET", `/api/admin/users?q=${encodeURIComponent(member.email)}`);
      assert.equal(body.users[0].lastName, `${surname}-Eze`);
    }));
});
