// The admin dashboard's Bookings tab in the browser, as the tests' administrator: one
// session's bookings filtered by status, a cash payment marked paid, the cancel dialog, and
// the bookings export downloaded as a CSV file.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  apiAs,
  axeChecker,
  bookFor,
  createEventAs,
  goto,
  launchBrowser,
  londonDay,
  openPage,
  registerMember,
  sessionCookie,
  signInAdminContext,
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
const tag = () => Math.random().toString(36).slice(2, 7);
const bookingsTable = (page) => page.getByRole("region", { name: /^Bookings, page/ });

describe("admin bookings", () => {
  test("filters one session's bookings by status and marks a cash payment paid", () =>
    withAdmin({}, async (page) => {
      const axe = axeChecker(page);
      const title = `Badminton Doubles ${tag()}`;
      const event = await createEventAs(asAdmin, {
        title,
        category: "Badminton",
        price: "5.00",
        date: new Date(Date.now() + 12 * 86_400_000).toISOString(),
      });
      const staying = await registerMember({ firstName: "Yaw", lastName: "Boateng" });
      const leaving = await registerMember({ firstName: "Esi", lastName: "Mensah" });
      const kept = await bookFor(staying, event.id);
      const dropped = await bookFor(leaving, event.id);
      const cancelled = await apiAs(await sessionCookie(leaving), "POST", `/api/bookings/${dropped.id}/cancel`, {});
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));

      await goto(page, `/admin?tab=bookings&eventId=${encodeURIComponent(event.id)}`);
      await page.getByRole("heading", { name: "Bookings", level: 2 }).waitFor();
      const table = bookingsTable(page);
      await table.getByText("Yaw Boateng").waitFor();
      await table.getByText("Esi Mensah").waitFor();
      await axe.check("bookings tab");

      // Only the cancelled one, then only the confirmed one.
      await page.getByRole("combobox", { name: "Status", exact: true }).click();
      await page.getByRole("option", { name: "Cancelled", exact: true }).click();
      await page.waitForFunction(() => !document.body.textContent.includes("Yaw Boateng"));
      await table.getByText("Esi Mensah").waitFor();
      assert.equal(await table.locator("tbody tr").count(), 1);
      await page.getByRole("combobox", { name: "Status", exact: true }).click();
      await page.getByRole("option", { name: "Confirmed", exact: true }).click();
      await table.getByText("Yaw Boateng").waitFor();
      assert.equal(await table.locator("tbody tr").count(), 1);
      assert.equal(await table.getByText("Esi Mensah").count(), 0);

      // Cash taken at the door: the payment status becomes Paid.
      const payment = table.getByRole("combobox", { name: `Payment status of booking ${kept.reference}` });
      await payment.filter({ hasText: "Pending" }).waitFor();
      await payment.click();
      await page.getByRole("option", { name: "Paid", exact: true }).click();
      const updated = toast(page, "Booking updated successfully");
      await updated.waitFor();
      await updated.getByText(kept.reference).waitFor();
      await payment.filter({ hasText: "Paid" }).waitFor();
      const { body } = await apiAs(asAdmin, "GET", `/api/admin/bookings?eventId=${encodeURIComponent(event.id)}&paymentStatus=paid`);
      assert.deepEqual(
        body.bookings.map((booking) => booking.reference),
        [kept.reference],
      );

      // The cancel dialog (looked at, then left without cancelling).
      await table.getByRole("button", { name: `Cancel booking ${kept.reference}` }).click();
      const dialog = page.getByRole("dialog", { name: `Cancel booking ${kept.reference}?` });
      await dialog.getByText("No refund").waitFor();
      await axe.check("cancel booking dialog");
      await dialog.getByRole("button", { name: "Keep booking" }).click();
      await dialog.waitFor({ state: "detached" });
      axe.assertClean();
    }));

  test("exports the bookings as a CSV file named bookings-export-YYYY-MM-DD.csv", () =>
    withAdmin({}, async (page) => {
      await goto(page, "/admin?tab=bookings");
      await bookingsTable(page).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export bookings" }).click(),
      ]);
      const today = londonDay(new Date().toISOString());
      assert.equal(download.suggestedFilename(), `bookings-export-${today}.csv`);
      const csv = await readFile(await download.path(), "utf8");
      const [header, first] = csv.split(/\r?\n/);
      assert.equal(
        header,
        "id,reference,userId,eventId,eventTitle,eventDate,status,paymentStatus,paymentMethod,amount,companion,attendance,createdAt",
      );
      assert.match(first, /^[0-9a-f-]{36},/, "a row of data follows");
      assert.doesNotMatch(csv, /password|emergency/i);
    }));
});
