// A session leader (a moderator) takes the register on a phone at the venue: only the
// Registers tab, the session's register, search by name, attended / no-show, cash taken,
// marks kept on reload, 44 px touch targets, no sideways scrolling, and the printout.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  apiAs,
  axeChecker,
  bookFor,
  createEventAs,
  goto,
  launchBrowser,
  MOBILE,
  openPage,
  registerMember,
  registerModerator,
  reload,
  signInAdminContext,
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

/** Interactive elements of the register that are smaller than 44 × 44 CSS pixels. */
function smallTargets(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".register-sheet :is(a, button, input, select, textarea, [role=button])")]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ el, box }) => `${el.tagName} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
}

const noSidewaysScroll = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("registers", () => {
  test("a leader checks people in on a 390 px phone", async () => {
    const leader = await registerModerator(asAdmin, { firstName: "Kwabena", lastName: "Owusu" });
    const title = `Walking Football ${Math.random().toString(36).slice(2, 7)}`;
    const event = await createEventAs(asAdmin, {
      title,
      price: "5.00",
      leaderId: leader.id,
      date: new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString(),
    });
    const kwame = await registerMember({ firstName: "Kwame", lastName: "Asante" });
    const lola = await registerMember({ firstName: "Lola", lastName: "Adeyemi" });
    const kwameBooking = await bookFor(kwame, event.id);
    const lolaBooking = await bookFor(lola, event.id);

    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    try {
      const axe = axeChecker(page);
      await signInAdminContext(context, { who: leader.member });
      await goto(page, "/admin");
      await page.getByRole("heading", { name: "Registers", level: 2 }).waitFor();
      const tabs = await page.getByRole("tab").allTextContents();
      assert.deepEqual(tabs.map((t) => t.trim()), ["Registers", "Blog"], "a leader sees the Registers tab and the stories' review queue");
      assert.ok(await noSidewaysScroll(page), "no sideways scrolling on the registers tab");
      await axe.check("registers tab (leader, 390 px)");

      await page.getByRole("link", { name: title }).click();
      await page.getByRole("heading", { name: `Register: ${title}`, level: 1 }).waitFor();
      const attendees = page.getByRole("list", { name: "Attendees" });
      await attendees.getByRole("heading", { name: "Kwame Asante" }).waitFor();
      await attendees.getByRole("heading", { name: "Lola Adeyemi" }).waitFor();
      assert.ok(await noSidewaysScroll(page), "no sideways scrolling on the register");
      assert.deepEqual(await smallTargets(page), [], "touch targets of at least 44 px");
      await axe.check("register (390 px)");

      const search = page.getByRole("searchbox", { name: "Search by name or reference" });
      await search.fill("kwame");
      await until(async () => (await attendees.getByRole("listitem").count()) === 1, { what: "one person shown" });
      await page.getByRole("group", { name: "Register Kwame Asante" }).getByRole("button", { name: "Attended" }).click();
      await page.getByRole("button", { name: "Cash paid (£5.00)" }).click();

      await search.fill("Adeyemi");
      await attendees.getByRole("heading", { name: "Lola Adeyemi" }).waitFor();
      await page.getByRole("group", { name: "Register Lola Adeyemi" }).getByRole("button", { name: "No-show" }).click();
      await page.getByText(/Lola Adeyemi marked a no-show\. 1 attended, 1 no-show of 2\./).waitFor();
      await search.fill("");
      await axe.check("register with marks");

      // Saved on the server: a reload shows the same marks.
      await until(
        async () => {
          const { body } = await apiAs(asAdmin, "GET", `/api/admin/events/${event.id}/register`);
          const byBooking = Object.fromEntries(body.attendees.map((a) => [a.bookingId, a]));
          return (
            byBooking[kwameBooking.id]?.attendance === "attended" &&
            byBooking[kwameBooking.id]?.paymentStatus === "paid" &&
            byBooking[lolaBooking.id]?.attendance === "no_show"
          );
        },
        { what: "the marks on the server" },
      );
      await reload(page);
      const kwameGroup = page.getByRole("group", { name: "Register Kwame Asante" });
      const lolaGroup = page.getByRole("group", { name: "Register Lola Adeyemi" });
      await kwameGroup.getByRole("button", { name: "Attended", pressed: true }).waitFor();
      await kwameGroup.getByRole("button", { name: "No-show", pressed: false }).waitFor();
      await lolaGroup.getByRole("button", { name: "No-show", pressed: true }).waitFor();
      assert.equal(await kwameGroup.getByRole("button", { name: /Cash paid/ }).count(), 0, "cash already taken");
      assert.equal(await lolaGroup.getByRole("button", { name: /Cash paid/ }).count(), 1, "Lola still owes");

      // The printout: the register's table, no site header, footer or buttons.
      await page.emulateMedia({ media: "print" });
      const visible = (locator) => locator.first().isVisible();
      assert.equal(await visible(page.locator("header")), false, "header printed");
      assert.equal(await visible(page.locator("footer")), false, "footer printed");
      assert.equal(await visible(page.getByRole("button", { name: "Print" })), false, "Print button printed");
      assert.equal(await visible(page.getByRole("button", { name: "Attended" })), false, "register buttons printed");
      assert.equal(await visible(page.getByRole("searchbox")), false, "search printed");
      const printed = page.locator("table.register-print-table");
      assert.equal(await printed.isVisible(), true, "the register's table is printed");
      assert.equal(await printed.locator("tbody tr").count(), 2);
      await printed.getByRole("row", { name: /Kwame Asante/ }).getByRole("cell", { name: "Yes" }).waitFor();
      await page.emulateMedia({ media: "screen" });

      axe.assertClean();
      assert.deepEqual(errors.map(String), [], "the page logged errors");
    } finally {
      await context.close();
    }
  });
});
