// Issue 13, items 7 and 8: the legal and support pages, the footer's links to them and to the
// organisation's other sites (only those configured at build time), and the sign-up terms.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { axeChecker, BASE_URL, DESKTOP, goto, launchBrowser, MOBILE, withPage } from "./helpers.mjs";

/** Each new page with its h1 (also the start of its document title). */
const PAGES = [
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
  ["/cookies", "Cookie Policy"],
  ["/refunds", "Refund Policy"],
  ["/accessibility", "Accessibility"],
  ["/safety", "Safety Guidelines"],
  ["/community-standards", "Community Standards"],
  ["/help", "Help Center"],
];

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The page's single h1, after waiting for it. */
async function h1Of(page) {
  const h1 = page.locator("main h1");
  await h1.first().waitFor();
  assert.equal(await h1.count(), 1, `one h1 on ${new URL(page.url()).pathname}`);
  return (await h1.textContent()).trim();
}

describe("the footer", () => {
  test("every link reaches a real page, and other sites only by https in a new tab", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, "/");
      const footer = page.locator("footer");
      // No plain-text stand-ins: every item of the footer's lists is a link.
      const items = await footer.locator("li").evaluateAll((lis) => lis.map((li) => Boolean(li.querySelector("a[href]"))));
      assert.ok(items.length >= 14, "the footer lists its links");
      assert.ok(items.every(Boolean), "a footer item without a link");
      const links = await footer.locator("a[href]").evaluateAll((anchors) =>
        anchors.map((a) => ({ href: a.getAttribute("href"), target: a.getAttribute("target"), text: a.textContent.trim() })),
      );
      const internal = links.filter((link) => link.href.startsWith("/"));
      for (const link of links.filter((l) => !l.href.startsWith("/"))) {
        assert.match(link.href, /^https:\/\/[^/]+/, `${link.text} should be an https address`);
        assert.equal(link.target, "_blank", `${link.text} opens in a new tab`);
      }
      for (const [path] of PAGES) {
        assert.ok(internal.some((link) => link.href === path), `the footer links to ${path}`);
      }
      // Following one from the footer (client-side navigation).
      // Before the prerendered page's code has arrived this is an ordinary link: wait for the
      // new page, or the home page's h1 could be read just before it goes.
      await footer.getByRole("link", { name: "Privacy Policy" }).click();
      await page.waitForURL(`${BASE_URL}/privacy`);
      await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
      assert.equal(await h1Of(page), "Privacy Policy");
      // Every internal link: the server answers 200 when the page is loaded directly, and
      // the page is not the 404 screen.
      for (const { href, text } of internal) {
        const response = await goto(page, href);
        assert.equal(response.status(), 200, `${href} (${text}) status`);
        const heading = await h1Of(page);
        assert.notEqual(heading, "404 Page Not Found", `${href} shows the 404 screen`);
      }
    }));

  test("the server answers 404 for a path beside them", async () => {
    const response = await fetch(`${BASE_URL}/privacy/policy`);
    assert.equal(response.status, 404);
  });
});

test("the sign-up terms checkbox links to /terms and /privacy", () =>
  withPage(browser, {}, async (page) => {
    await goto(page, "/signup");
    const label = page.locator("label", { hasText: "I agree to the" });
    assert.equal(await label.getByRole("link", { name: /Terms of Service/ }).getAttribute("href"), "/terms");
    assert.equal(await label.getByRole("link", { name: /Privacy Policy/ }).getAttribute("href"), "/privacy");
  }));

test("the accessibility statement's report link opens the contact form on its Accessibility subject", () =>
  withPage(browser, { viewport: MOBILE }, async (page) => {
    await goto(page, "/accessibility");
    await page.locator("#report").locator("..").getByRole("link", { name: "contact form" }).click();
    await page.getByRole("heading", { name: "Send us a Message" }).waitFor();
    assert.equal(new URL(page.url()).search, "?subject=accessibility");
    assert.match(await page.getByRole("combobox", { name: /Subject/ }).textContent(), /Accessibility/);
  }));

describe("each legal and support page", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["390 px", MOBILE],
  ]) {
    test(`has its title, date and headings in order, and no axe violations in light and dark (${name})`, () =>
      withPage(browser, { viewport }, async (page) => {
        const axe = axeChecker(page);
        for (const [path, title] of PAGES) {
          await goto(page, path);
          assert.equal(await h1Of(page), title, path);
          assert.equal(await page.title(), `${title} | PlaySpace`, path);
          await page.getByText("Last updated 25 November 2026").waitFor();
          const levels = await page
            .locator("main")
            .locator("h1, h2, h3, h4, h5, h6")
            .evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
          assert.equal(levels[0], 1, `${path} starts with its h1`);
          assert.ok(levels.filter((level) => level === 2).length >= 2, `${path} has headed sections`);
          levels.forEach((level, i) => {
            if (i > 0) assert.ok(level <= levels[i - 1] + 1, `${path}: h${levels[i - 1]} is followed by h${level}`);
          });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.equal(overflow, 0, `${path} scrolls sideways`);
          await axe.check(`${path} (${name})`);
        }
        axe.assertClean();
      }));
  }
});
