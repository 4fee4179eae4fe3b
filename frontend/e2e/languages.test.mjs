// The site in Arabic (right to left) and Ukrainian beside English (docs/adr/0024-languages.md):
// the header's language switch, the choice remembered in a cookie for visitors and in the
// preferences for members, pages sent in the chosen language with <html lang dir>, and axe
// clean in Arabic, a visitor finding a step-free session in Arabic, and a member booking one
// in Arabic and finding it in My Bookings. Screenshots of home, events, an event page, the
// booking form and My Bookings in Arabic go to e2e/screenshots/.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import {
  api,
  apiAs,
  axeChecker,
  BASE_URL,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  registerMember,
  sessionCookie,
  signInContext,
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

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "screenshots");

/** The `<html>` element's language and direction. */
const htmlLangDir = (page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir].join(" "));

/**
 * Opens the language menu, whose button says "Language: English" in the page's language
 * ("اللغة: العربية"...), and chooses `name` (the language as it names itself).
 */
async function chooseLanguage(page, current, name) {
  await page.getByRole("button", { name: new RegExp(`: ${current}$`) }).click();
  await page.getByRole("menuitemradio", { name }).click();
}

/** The `lang` cookie of `context`, if any. */
async function languageCookie(context) {
  return (await context.cookies(BASE_URL)).find((cookie) => cookie.name === "lang")?.value;
}

describe("languages", () => {
  test("a visitor switches to Arabic: right to left, remembered, and sent so by the server", () =>
    withPage(browser, {}, async (page, context) => {
      await goto(page, "/");
      assert.equal(await htmlLangDir(page), "en-GB ltr");
      const main = page.getByRole("navigation", { name: "Main" });
      await main.getByRole("link", { name: "Events" }).waitFor();

      await chooseLanguage(page, "English", "العربية");
      await until(async () => (await htmlLangDir(page)) === "ar rtl", { what: "<html lang=ar dir=rtl>" });
      const arabicNav = page.getByRole("navigation", { name: "القائمة الرئيسية" });
      await arabicNav.getByRole("link", { name: "الفعاليات" }).waitFor();
      assert.equal(await languageCookie(context), "ar");
      // The header lays out right to left: the logo is now at the right-hand end.
      const logo = await page.getByRole("link", { name: /PlaySpace/ }).first().boundingBox();
      assert.ok(logo.x > DESKTOP.width / 2, `the logo starts at x=${logo.x}`);

      // A new page load comes from the server in Arabic (the prerendered Arabic page, no
      // flash of English), and hydrates without an error.
      await goto(page, "/events");
      assert.equal(await htmlLangDir(page), "ar rtl");
      await arabicNav.getByRole("link", { name: "الفعاليات" }).waitFor();
      const html = await (await context.request.get(`${BASE_URL}/events`)).text();
      assert.match(html, /<html lang="ar" dir="rtl">/);
      assert.match(html, /الرئيسية/, "the prerendered page's header is in Arabic");

      // Ukrainian, then back to English: left to right again.
      await chooseLanguage(page, "العربية", "Українська");
      await until(async () => (await htmlLangDir(page)) === "uk ltr", { what: "<html lang=uk dir=ltr>" });
      await page.getByRole("navigation", { name: "Головне меню" }).getByRole("link", { name: "Події" }).waitFor();
      assert.equal(await languageCookie(context), "uk");
      await chooseLanguage(page, "Українська", "English");
      await until(async () => (await htmlLangDir(page)) === "en-GB ltr", { what: "<html lang=en-GB>" });
      await main.getByRole("link", { name: "Events" }).waitFor();
    }));

  test("the language menu names each language in itself, marked as that language", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, "/");
      const button = page.getByRole("button", { name: "Language: English" });
      await button.click();
      const items = page.getByRole("menuitemradio");
      await items.first().waitFor();
      assert.deepEqual(await items.allInnerTexts(), ["English", "العربية", "Українська"]);
      assert.equal(await items.nth(1).locator("[lang]").getAttribute("lang"), "ar");
      assert.equal(await items.nth(1).locator("[dir]").getAttribute("dir"), "rtl");
      assert.equal(await items.nth(2).locator("[lang]").getAttribute("lang"), "uk");
      assert.equal(await page.getByRole("menuitemradio", { name: "English" }).getAttribute("aria-checked"), "true");
      // The keyboard opens the menu and chooses a language too.
      await page.keyboard.press("Escape");
      await items.first().waitFor({ state: "hidden" });
      await button.focus();
      await page.keyboard.press("Enter");
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
      await until(async () => (await focused()) === "English", { what: "English focused in the open menu" });
      await page.keyboard.press("ArrowDown");
      await until(async () => (await focused()) === "العربية", { what: "العربية focused" });
      await page.keyboard.press("Enter");
      await until(async () => (await htmlLangDir(page)) === "ar rtl", { what: "Arabic chosen by keyboard" });
    }));

  test("a browser that asks for Ukrainian gets the site in Ukrainian without choosing", async () => {
    const context = await browser.newContext({ locale: "uk-UA", timezoneId: "Europe/London" });
    try {
      const page = await context.newPage();
      await goto(page, "/");
      assert.equal(await htmlLangDir(page), "uk ltr");
      await page.getByRole("button", { name: "Мова: Українська" }).waitFor();
    } finally {
      await context.close();
    }
  });

  test("a member's choice is saved and follows them to another device", async () => {
    const member = await registerMember();
    const cookie = await sessionCookie(member);
    await withPage(browser, { prepare: (context) => signInContext(context, member) }, async (page) => {
      await goto(page, "/");
      await chooseLanguage(page, "English", "Українська");
      await until(async () => (await apiAs(cookie, "GET", "/api/user/preferences")).body.preferences.language === "uk", {
        what: "the member's preferences to say uk",
      });
    });
    // Another device: no language cookie until signing in, which brings it.
    await withPage(browser, {}, async (page, context) => {
      await goto(page, "/");
      assert.equal(await htmlLangDir(page), "en-GB ltr");
      await signInContext(context, member);
      assert.equal(await languageCookie(context), "uk");
      await goto(page, "/");
      assert.equal(await htmlLangDir(page), "uk ltr");
    });
  });

  test("home and events in Arabic: axe clean in both themes, at 390 px and on a desktop", async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    for (const [size, viewport] of [
      ["mobile", MOBILE],
      ["desktop", DESKTOP],
    ]) {
      await withPage(browser, { viewport }, async (page, context) => {
        await context.addCookies([{ name: "lang", value: "ar", url: BASE_URL }]);
        const axe = axeChecker(page);
        for (const [name, path] of [
          ["home", "/"],
          ["events", "/events"],
        ]) {
          await goto(page, path);
          assert.equal(await htmlLangDir(page), "ar rtl");
          await page.locator("main h1").first().waitFor();
          await axe.check(`${path} in Arabic at ${viewport.width} px`);
          // Nothing runs off the side of the page.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow} px at ${viewport.width} px`);
          for (const colorScheme of ["light", "dark"]) {
            await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
            await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
            await page.screenshot({ path: join(SCREENSHOTS, `ar-${name}-${size}-${colorScheme}.png`), fullPage: true });
          }
          await page.emulateMedia({ colorScheme: "light" });
        }
        axe.assertClean();
      });
    }
  });
  test("a visitor finds a step-free session in Arabic: the access filter and an event page read right to left", async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const event = (await api("/api/events?access=stepFree")).find((e) => e.currentParticipants < e.maxParticipants);
    assert.ok(event, "the demo has a step-free session with places left");
    for (const [size, viewport] of [
      ["mobile", MOBILE],
      ["desktop", DESKTOP],
    ]) {
      await withPage(browser, { viewport }, async (page, context) => {
        await context.addCookies([{ name: "lang", value: "ar", url: BASE_URL }]);
        const axe = axeChecker(page);
        const screenshots = async (name) => {
          await axe.check(`${name} in Arabic at ${viewport.width} px`); // in both themes
          for (const colorScheme of ["light", "dark"]) {
            await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
            await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
            await page.screenshot({ path: join(SCREENSHOTS, `ar-${name}-${size}-${colorScheme}.png`), fullPage: true });
          }
          await page.emulateMedia({ colorScheme: "light" });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${name} scrolls sideways by ${overflow} px at ${viewport.width} px`);
        };

        // The events list's access filter, in Arabic: ticking "step-free" puts it in the URL.
        await goto(page, "/events");
        assert.equal(await htmlLangDir(page), "ar rtl");
        await page.locator("summary").filter({ hasText: "احتياجات الوصول" }).click();
        await page.getByRole("checkbox", { name: /دخول بلا درج/ }).check();
        await until(() => new URL(page.url()).searchParams.get("access") === "stepFree", {
          what: "the access choice in the URL",
        });
        await page.getByText("(خيار واحد)").waitFor();
        // The search box's magnifier sits at the start of the line: the right, in Arabic.
        const search = await page.getByRole("searchbox").boundingBox();
        const glass = await page.locator("form[role=search] svg").boundingBox();
        assert.ok(glass.x > search.x + search.width / 2, `the magnifier at x=${glass.x}, the box from ${search.x}`);
        await screenshots("events-access");

        // The event page: the venue's facts in words, each icon before its words (on the right).
        await goto(page, `/events/${event.id}`);
        await page.getByRole("heading", { name: "المكان وسهولة الوصول" }).waitFor();
        if (event.venue.nearestStepFreeStation) await page.getByText("أقرب محطة بلا درج:").waitFor();
        const stepFree = page.locator('[data-fact="stepFree"]');
        assert.match(await stepFree.innerText(), /دخول بلا درج: نعم/);
        const icon = await stepFree.locator("svg").first().boundingBox();
        const words = await stepFree.locator("p").first().boundingBox();
        assert.ok(icon.x > words.x, `the fact's icon at x=${icon.x} is right of its words at x=${words.x}`);
        await stepFree.getByText("ماذا يعني «دخول بلا درج»").click();
        await stepFree.getByText(/75 سم على الأقل/).waitFor();
        // "Back to events" points the way back: to the right, in Arabic.
        const arrow = page.getByRole("link", { name: "العودة إلى الجلسات" }).locator("svg");
        assert.match(await arrow.evaluate((svg) => getComputedStyle(svg).transform), /^matrix\(-1,/);
        await page.getByRole("heading", { name: "سجّل الدخول أولًا" }).waitFor();
        await screenshots("event");
        axe.assertClean();
      });
    }
  });

  test("a member books a session in Arabic, paying cash, and finds it in My Bookings, right to left", async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const day = 24 * 60 * 60 * 1000;
    const bookable = (await api("/api/events")).filter(
      (e) => Number(e.price) > 0 && e.currentParticipants + 2 <= e.maxParticipants && Date.parse(e.date) > Date.now() + day,
    );
    // From the middle of the list: the booking tests take theirs from its end, others its start.
    const event = bookable[Math.floor(bookable.length / 2)];
    assert.ok(event, "the demo has a paid session with places left");
    const member = await registerMember();
    const inArabic = async (context) => {
      await context.addCookies([{ name: "lang", value: "ar", url: BASE_URL }]);
      await signInContext(context, member);
    };
    /** Axe (in both themes), nothing off the side, and a screenshot in each theme. */
    const look = async (page, axe, name, size) => {
      await axe.check(`${name} in Arabic at ${size}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} scrolls sideways by ${overflow} px at ${size}`);
      for (const colorScheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
        await page.screenshot({ path: join(SCREENSHOTS, `ar-${name}-${size}-${colorScheme}.png`), fullPage: true });
      }
      await page.emulateMedia({ colorScheme: "light" });
    };
    const bookingForm = async (page) => {
      await goto(page, `/booking/${event.id}`);
      assert.equal(await htmlLangDir(page), "ar rtl");
      await page.getByRole("heading", { level: 1, name: "أكمل حجزك" }).waitFor();
      // The member's details are filled in from their account; cash is chosen.
      assert.equal(await page.getByRole("textbox", { name: /^رقم الهاتف/ }).inputValue(), member.phone);
      assert.equal(await page.getByRole("radio", { name: /الدفع نقدًا عند الوصول/ }).isChecked(), true);
    };

    // The form at 390 px, before booking.
    await withPage(browser, { viewport: MOBILE, prepare: inArabic }, async (page) => {
      const axe = axeChecker(page);
      await bookingForm(page);
      await look(page, axe, "booking-form", "mobile");
      axe.assertClean();
    });

    await withPage(browser, { viewport: DESKTOP, prepare: inArabic }, async (page) => {
      const axe = axeChecker(page);
      await bookingForm(page);
      // "Back to Event" points the way back: to the right, in Arabic.
      const back = page.getByRole("link", { name: "العودة إلى الجلسة" }).locator("svg");
      assert.match(await back.evaluate((svg) => getComputedStyle(svg).transform), /^matrix\(-1,/);
      // The event's card is on the right, the form on the left.
      const facts = await page.locator("main img").first().boundingBox();
      const form = await page.getByRole("heading", { name: "احجز مكانك" }).boundingBox();
      assert.ok(facts.x > form.x, `the event's card at x=${facts.x} is right of the form at x=${form.x}`);
      // Submitting before agreeing to the terms says so in Arabic, by the box.
      const submit = page.getByRole("button", { name: /^أكّد الحجز - / });
      await submit.click();
      await page.getByText("عليك الموافقة على الشروط والأحكام").waitFor();
      await look(page, axe, "booking-form", "desktop");

      await page.getByRole("checkbox", { name: /أوافق على الشروط والأحكام/ }).check();
      await submit.click();
      await page.getByRole("heading", { level: 1, name: "تم تأكيد الحجز!" }).waitFor();
      const reference = (await page.getByTestId("booking-reference").innerText()).trim();
      assert.match(reference, /^[A-Z0-9-]+$/);

      // My Bookings: the session, its time in Western digits, confirmed, cash on arrival.
      await page.getByRole("main").getByRole("link", { name: "حجوزاتي" }).click();
      const heading = page.getByRole("heading", { level: 1, name: "حجوزاتي" });
      await heading.waitFor();
      const item = page.locator("article").filter({ hasText: reference });
      await item.getByRole("heading", { name: event.title }).waitFor();
      assert.match(await item.innerText(), /\d{2}:\d{2} – \d{2}:\d{2}/);
      await item.getByText("مؤكَّد").waitFor();
      await item.getByText("الدفع نقدًا عند الوصول").waitFor();
      await item.getByRole("button", { name: `ألغِ الحجز في ${event.title}` }).waitFor();
      // Right to left: the heading at the right, "Book Another Session" at the left.
      const title = await heading.boundingBox();
      const another = await page.getByRole("link", { name: "احجز جلسة أخرى" }).boundingBox();
      assert.ok(title.x > another.x, `the heading at x=${title.x} is right of the button at x=${another.x}`);
      await look(page, axe, "my-bookings", "desktop");
      axe.assertClean();
    });

    await withPage(browser, { viewport: MOBILE, prepare: inArabic }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, "/bookings");
      await page.getByRole("heading", { name: event.title }).waitFor();
      await look(page, axe, "my-bookings", "mobile");
      axe.assertClean();
    });
  });
});
