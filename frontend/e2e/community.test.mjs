// Issue 13, item 4: the WhatsApp community from the server — the membership page's card with
// its QR code, join and copy buttons, 'Coming Soon!' without a link, and the events page's
// 'Join Groups' using the same link.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  api,
  apiAs,
  axeChecker,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  openPage,
  signInAdminContext,
} from "./helpers.mjs";

let browser;
let seeded;

before(async () => {
  browser = await launchBrowser();
  seeded = await api("/api/whatsapp-community");
  assert.match(seeded.inviteLink ?? "", /^https:\/\//, "the demo seed sets an invite link");
});

after(async () => {
  await browser?.close();
});

/** Saves the community's settings as the tests' admin. */
async function saveCommunity(settings) {
  const { status, body } = await apiAs(await adminCookie(), "PUT", "/api/admin/whatsapp-community", settings);
  assert.equal(status, 200, JSON.stringify(body));
}

const card = (page) => page.locator("#community");

describe("the WhatsApp community", () => {
  test("the membership page shows its QR code, joins and copies the invite link", async () => {
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await goto(page, "/membership");
      await card(page).getByRole("heading", { name: seeded.communityName }).waitFor();
      for (const line of [...seeded.benefits, ...seeded.guidelines]) {
        assert.ok(await card(page).getByText(line, { exact: true }).isVisible(), line);
      }
      const qr = card(page).getByRole("img", { name: /QR code/ });
      await qr.waitFor();
      assert.equal(await qr.evaluate((img) => img.complete && img.naturalWidth), 200);
      const join = card(page).getByRole("link", { name: /Join the community/ });
      assert.equal(await join.getAttribute("href"), seeded.inviteLink);
      assert.equal(await join.getAttribute("target"), "_blank");

      await card(page).getByRole("button", { name: "Copy invite link" }).click();
      await page.getByText("Link Copied!").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), seeded.inviteLink);
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("the events page's Join Groups opens the same invite link", async () => {
    const { context, page } = await openPage(browser);
    try {
      await goto(page, "/events");
      const join = page.getByRole("link", { name: /Join Groups/ });
      await page.waitForFunction((link) => document.querySelector(`a[href="${link}"]`), seeded.inviteLink);
      assert.equal(await join.getAttribute("href"), seeded.inviteLink);
    } finally {
      await context.close();
    }
  });

  test("with no invite link: 'Coming Soon!', no QR code, and Join Groups leads to the card", async () => {
    await saveCommunity({ ...seeded, inviteLink: null });
    const { context, page } = await openPage(browser);
    try {
      await goto(page, "/events");
      await page.getByRole("link", { name: "Join Groups" }).click();
      await page.waitForURL(/\/membership#community$/);
      await card(page).getByText("Coming Soon!").waitFor();
      assert.ok(await card(page).getByText("Our WhatsApp community will be available soon. Stay tuned!").isVisible());
      assert.equal(await card(page).getByRole("img", { name: /QR code/ }).count(), 0);
      // Landed on the card, not the top of the page.
      assert.ok((await card(page).boundingBox()).y < DESKTOP.height);
    } finally {
      await context.close();
      await saveCommunity(seeded);
    }
  });

  test("an admin changes the invite link in the Community tab; a bad one is refused with its message", async () => {
    const { context, page, errors } = await openPage(browser);
    const link = "https://chat.whatsapp.com/E2eNewInvite";
    try {
      await signInAdminContext(context);
      await goto(page, "/admin?tab=community");
      const axe = axeChecker(page);
      const field = page.getByLabel("Invite link");
      await field.fill("http://not-secure.example.org");
      await page.getByRole("button", { name: "Save community" }).click();
      await page.getByText("Enter the invite link as an https:// address").waitFor();
      assert.equal(await field.evaluate((input) => input === document.activeElement), true, "focus moves to the field");
      await axe.check("the Community tab with an error");
      await field.fill(link);
      await page.getByRole("button", { name: "Save community" }).click();
      await page.getByText("Community settings saved").waitFor();
      axe.assertClean();

      await goto(page, "/membership#community");
      const join = card(page).getByRole("link", { name: /Join the community/ });
      await join.waitFor();
      assert.equal(await join.getAttribute("href"), link);
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
      await saveCommunity(seeded);
    }
  });

  test("axe finds no violations on the card (light, dark, 390 px and desktop)", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await openPage(browser, { viewport });
      try {
        const axe = axeChecker(page);
        await goto(page, "/membership#community");
        await card(page).getByRole("img", { name: /QR code/ }).waitFor();
        await axe.check(`/membership at ${viewport.width} px`);
        axe.assertClean();
      } finally {
        await context.close();
      }
    }
  });
});
