// "Recommended for you" on the home page against the real server: a member who picks a
// favourite sport on /preferences sees that sport's sessions first; a visitor's home page
// neither shows the section nor downloads its code. With SCREENSHOT_DIR set, the section is
// also photographed at 390 px and 1280 px, light and dark.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  api,
  axeChecker,
  BASE_URL,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  registerMember,
  signInContext,
  withPage,
} from "./helpers.mjs";

let browser;
/** A sport of the seeded programme with places left at some upcoming session. */
let sport;
let sportTitles;

before(async () => {
  browser = await launchBrowser();
  const events = await api("/api/events");
  const open = events.filter((event) => event.currentParticipants < event.maxParticipants);
  sport = open.find((event) => event.category === "Boxing")?.category ?? open[0]?.category;
  assert.ok(sport, "the seed data should have an event with places left");
  sportTitles = new Set(open.filter((event) => event.category === sport).map((event) => event.title));
});

after(async () => {
  await browser?.close();
});

/** Picks `sport` as the only favourite on the preferences page and saves, as a person would. */
async function chooseFavourite(page) {
  await goto(page, "/preferences");
  const favourites = page.getByRole("group", { name: "Favourite sports" });
  await favourites.getByRole("checkbox", { name: sport, exact: true }).check();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await page.getByText("Preferences updated successfully!").first().waitFor();
}

describe("recommended for you", () => {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["390 px", MOBILE],
  ]) {
    test(`a member's favourite sport comes first on the home page (${label})`, () =>
      withPage(browser, { viewport }, async (page, context) => {
        const member = await registerMember({ firstName: "Rosa" });
        await signInContext(context, member);
        await chooseFavourite(page);

        await page.getByRole("banner").getByRole("link", { name: "Home" }).first().click();
        await page.waitForURL(`${BASE_URL}/`);
        const section = page.getByRole("region", { name: "Recommended for you" });
        await section.getByRole("heading", { name: "Recommended for you" }).waitFor();
        const cards = section.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
        await cards.first().waitFor();
        const count = await cards.count();
        assert.ok(count >= 1 && count <= 6, `between 1 and 6 cards, got ${count}`);
        const firstTitle = await cards.first().getByRole("heading", { level: 3 }).textContent();
        assert.ok(sportTitles.has(firstTitle), `the first card (${firstTitle}) should be a ${sport} session`);
        await cards.first().getByText(sport, { exact: true }).first().waitFor();
        assert.equal(
          await section.getByRole("link", { name: "Update your preferences" }).getAttribute("href"),
          "/preferences",
        );

        await section.scrollIntoViewIfNeeded();
        const axe = axeChecker(page);
        await axe.check(`home with recommendations (${label})`);
        axe.assertClean();

        const dir = process.env.SCREENSHOT_DIR;
        if (dir) {
          for (const colorScheme of ["light", "dark"]) {
            await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
            await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
            await section.screenshot({ path: join(dir, `recommendations-${viewport.width}-${colorScheme}.png`) });
          }
        }
      }));
  }

  test("a visitor's home page has no such section and never loads its code", () =>
    withPage(browser, { viewport: MOBILE }, async (page) => {
      const asked = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname === "/api/recommendations" || url.pathname.includes("recommended-events")) {
          asked.push(url.pathname);
        }
      });
      await goto(page, "/");
      await page.getByRole("heading", { name: "Upcoming Events" }).waitFor();
      // Let the app's code load and hydrate the prerendered page.
      await page.waitForFunction(() => document.querySelectorAll('[role="status"]').length === 0);
      assert.equal(await page.getByRole("heading", { name: "Recommended for you" }).count(), 0);
      assert.deepEqual(asked, []);

      const html = await (await fetch(`${BASE_URL}/`)).text();
      assert.ok(html.includes("Upcoming Events"), "the home page is prerendered");
      assert.ok(!html.includes("Recommended for you"), "the prerendered page has no recommendations");
    }));
});
