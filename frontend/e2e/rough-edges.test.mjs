// Issue 11, "Rough edges people hit": reflow at 320 px, reduced motion, sign-up errors in one
// go, the floating button over the booking card, and the way to the membership plans.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  api,
  axeChecker,
  BASE_URL,
  bookFor,
  createEventAs,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  registerMember,
  reload,
  signInContext,
  until,
  withPage,
} from "./helpers.mjs";

let browser;
let events;
/** An upcoming event with places left. */
let open;
/** A member (no plan: Community) signed in where a test asks for it. */
let member;

before(async () => {
  browser = await launchBrowser();
  events = await api("/api/events");
  open = events.find((event) => event.currentParticipants < event.maxParticipants);
  assert.ok(open, "the seeded database should have an event with places left");
  // A long address: the profile page once let one widen its column past a 320 px screen.
  member = await registerMember({ firstName: "Nia", email: `nia.with-a-long-address.${Date.now().toString(36)}@example.org` });
});

after(async () => {
  await browser?.close();
});

const NARROW = { width: 320, height: 640 };

/** How far the page scrolls sideways, and the elements that stick out past the right edge. */
function sidewaysOverflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} (${Math.round(el.getBoundingClientRect().right)} px)`;
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && getComputedStyle(el).position !== "fixed")
      .slice(0, 6)
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
}

/** Visits each [path, heading] at 320 px and fails with every page that scrolls sideways. */
async function assertReflows(page, routes) {
  const failures = [];
  for (const [path, heading] of routes) {
    await goto(page, path);
    await page.getByRole("heading", { name: heading, exact: true }).first().waitFor();
    const { scrollWidth, wide } = await sidewaysOverflow(page);
    if (scrollWidth > 320) failures.push(`${path}: ${scrollWidth} px wide\n  ${wide.join("\n  ")}`);
  }
  assert.equal(failures.join("\n"), "", "pages scroll sideways at 320 CSS px");
}

/** Signs `person` in before the page opens (nobody without one). */
const signedInAs = (person) => person && ((context) => signInContext(context, person));

describe("reflow at 320 CSS px (WCAG 1.4.10)", () => {
  test("no public page scrolls sideways", () =>
    withPage(browser, { viewport: NARROW }, async (page) => {
      const sport = events[0].category;
      await assertReflows(page, [
        ["/", "Upcoming Events"],
        ["/events", "Choose Your Sport"],
        [`/events?sport=${encodeURIComponent(sport)}`, sport],
        [`/events/${open.id}`, "Login Required"],
        ["/about", "Our Mission"],
        ["/membership", "Join Our Community"],
        ["/blog", "Community Stories"],
        ["/contact", "Send us a Message"],
        ["/login", "Welcome Back"],
        ["/signup", "Create Your Account"],
        ["/forgot-password", "Forgot Your Password?"],
        ["/reset-password?token=example", "Choose a New Password"],
        ["/signup/confirm?token=example-token", "Finish Signing Up"],
        ["/verify-email?token=not-a-real-token", "Invalid Verification Link"],
        ["/preferences", "Preferences"],
        ["/no-such-page", "404 Page Not Found"],
      ]);
      // The sport grid was the culprit: a card now fits the screen, and still reads well.
      const axe = axeChecker(page);
      await goto(page, "/events");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: events[0].category, level: 3 }) });
      const box = await card.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 320, `the sport card spans ${JSON.stringify(box)}`);
      await axe.check("/events at 320 px");
      axe.assertClean();
    }));

  test("no member page scrolls sideways", () =>
    withPage(browser, { viewport: NARROW, prepare: signedInAs(member) }, async (page) => {
      await assertReflows(page, [
        ["/", "Upcoming Events"],
        ["/events", "Choose Your Sport"],
        [`/events/${open.id}`, "Book Your Spot"],
        [`/booking/${open.id}`, "Complete Your Booking"],
        ["/membership", "Join Our Community"],
        ["/profile", "Personal Details"],
        ["/preferences", "Your Sports"],
        ["/bookings", "My Bookings"],
      ]);
    }));
});

describe("reduced motion", () => {
  /** Holds every request whose URL `matches` until `release()`, so the page stays loading. */
  async function holdRequests(page, matches) {
    let release;
    const released = new Promise((resolve) => {
      release = resolve;
    });
    await page.route(matches, async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    return () => release();
  }

  const runningAnimations = (page) =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running")
        .map((a) => `${a.animationName ?? a.transitionProperty ?? a.constructor.name} on ${a.effect?.target?.className ?? "?"}`),
    );

  test("loading placeholders stand still when the person asks for less motion", () =>
    withPage(browser, { viewport: MOBILE }, async (page) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const release = await holdRequests(page, (url) => url.pathname === "/api/events" && url.searchParams.has("sport"));
      const sport = events[0].category;
      await goto(page, "/events");
      await page.getByRole("link", { name: `View ${sport} Events` }).click();
      await page.getByRole("status").filter({ hasText: "Loading events…" }).waitFor();
      // Two frames: animations start on the frame after the placeholders appear.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      assert.deepEqual(await runningAnimations(page), [], "animations still running under reduced motion");
      // Without the preference they pulse, so the check above can see a running one.
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await until(async () => (await runningAnimations(page)).length > 0, { what: "the placeholders to pulse" });
      const axe = axeChecker(page);
      await axe.check("sport events loading");
      release();
      await page.getByText("Choose your preferred location").waitFor();
      axe.assertClean();
    }));

  test("the booking card's placeholder stands still too (a member's event page)", () =>
    withPage(browser, { viewport: MOBILE, prepare: signedInAs(member) }, async (page) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const release = await holdRequests(page, (url) => url.pathname === "/api/bookings");
      await page.goto(`${BASE_URL}/events/${open.id}`);
      await page.getByRole("status").filter({ hasText: /Loading your bookings|Checking whether you are logged in/ }).first().waitFor();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      assert.deepEqual(await runningAnimations(page), [], "animations still running under reduced motion");
      release();
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
    }));
});

describe("sign-up", () => {
  test("'Passwords don't match' shows with the other errors, in the same submit", () =>
    withPage(browser, {}, async (page) => {
      const axe = axeChecker(page);
      await goto(page, "/signup");
      await page.getByRole("heading", { name: "Create Your Account" }).waitFor();
      // Everything right but the first name, which is left empty, and the second password.
      const box = (name) => page.getByRole("textbox", { name, exact: true });
      await box("Last Name").fill("Silva");
      await box("Email Address").fill(`nia.${Date.now()}@example.org`);
      await box("Phone Number").fill("07700 900123");
      await page.getByLabel(/^Password/).fill("brisk otter 42");
      await page.getByLabel(/^Confirm Password/).fill("brisk otter 43");
      await box("Address").fill("1 Mare Street");
      await box("City").fill("London");
      await box("Postcode").fill("E8 4RP");
      await page.getByRole("combobox", { name: "Gender" }).click();
      await page.getByRole("option", { name: "Female" }).click();
      await page.getByRole("radio", { name: /^Beginner/ }).check();
      await page.getByRole("combobox", { name: "How did you hear about us?" }).click();
      await page.getByRole("option", { name: "Website" }).click();
      await page.getByRole("checkbox", { name: /I agree to the/ }).check();
      await page.getByRole("button", { name: "Create Account" }).click();

      await page.getByText("First name is required").waitFor();
      assert.equal(await page.getByText("Passwords don't match").isVisible(), true, "the mismatch waits for the other errors");
      assert.equal(await page.getByRole("textbox", { name: "First Name" }).getAttribute("aria-invalid"), "true");
      assert.equal(await page.getByLabel(/^Confirm Password/).getAttribute("aria-invalid"), "true");
      await axe.check("sign-up with both errors");

      // With an empty form too: every message at once, the mismatch among them.
      await reload(page);
      await page.getByLabel(/^Password/).fill("brisk otter 42");
      await page.getByLabel(/^Confirm Password/).fill("brisk otter 4");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("First name is required").waitFor();
      assert.equal(await page.getByText("Passwords don't match").isVisible(), true);
      axe.assertClean();
    }));
});

describe("the floating Book Your Session button", () => {
  /** Scrolls with the mouse wheel, as a person would, until `done()` holds. */
  async function wheelUntil(page, delta, done) {
    await page.mouse.move(195, 300);
    for (let i = 0; i < 200 && !(await done()); i += 1) {
      await page.mouse.wheel(0, delta);
      await page.waitForTimeout(50);
    }
    assert.ok(await done(), "scrolling never got there");
  }

  const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const [who, heading] of [
    ["a member", "Book Your Spot"],
    ["a visitor", "Login Required"],
  ]) {
    test(`never covers the booking card at 390 px (${who})`, () =>
      withPage(browser, { viewport: MOBILE, prepare: signedInAs(who === "a member" ? member : undefined) }, async (page) => {
        const axe = axeChecker(page);
        await goto(page, `/events/${open.id}`);
        await page.getByRole("heading", { name: heading }).waitFor();
        const button = page.getByRole("link", { name: "Book Your Session" });
        // At the top of the page the shortcut is there (the card is further down).
        await button.waitFor();
        const card = page.getByRole("complementary", { name: "Booking" });
        const viewportHeight = MOBILE.height;
        // Small steps, so the card's bottom stops just above the screen's bottom edge,
        // where the floating button sits.
        await wheelUntil(page, 30, async () => {
          const box = await card.boundingBox();
          return box !== null && box.y + box.height <= viewportHeight;
        });
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const cardBox = await card.boundingBox();
        if (await button.isVisible()) {
          const buttonBox = await button.boundingBox();
          assert.equal(overlaps(buttonBox, cardBox), false, `the button ${JSON.stringify(buttonBox)} covers the card ${JSON.stringify(cardBox)}`);
        }
        // The card's own button can be pressed where it is: nothing lies on top of it.
        const action = card.getByRole(who === "a member" ? "button" : "link", { name: who === "a member" ? /Book Free Place|Proceed to Payment/ : "Log In" });
        const actionBox = await action.boundingBox();
        const onTop = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest("aside")?.getAttribute("aria-label") ?? null,
          [actionBox.x + actionBox.width / 2, actionBox.y + actionBox.height - 2],
        );
        assert.equal(onTop, "Booking");
        await axe.check(`event page scrolled to the booking card (${who})`);

        // Back at the top, the shortcut returns.
        await wheelUntil(page, -240, async () => (await page.evaluate(() => window.scrollY)) === 0);
        await button.waitFor();
        axe.assertClean();
      }));
  }
});

describe("the way to the membership plans", () => {
  test("a member finds Membership in the avatar menu and in the footer", () =>
    withPage(browser, { viewport: DESKTOP, prepare: signedInAs(member) }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, "/about");
      const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Membership", exact: true });
      assert.equal(await footerLink.getAttribute("href"), "/membership");
      await page.getByRole("button", { name: /^Your account/ }).click();
      const item = page.getByRole("menuitem", { name: "Membership" });
      await item.waitFor();
      await axe.check("avatar menu open");
      await item.click();
      await page.getByRole("heading", { name: "Join Our Community", level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/membership");

      // And from the footer, from another page.
      await goto(page, "/contact");
      await footerLink.click();
      await page.getByRole("heading", { name: "Join Our Community", level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/membership");
      await axe.check("/membership");
      axe.assertClean();
    }));

  test("a Community member's third booking in a month is refused with a link to the plans", async () => {
    const asAdmin = await adminCookie();
    const now = new Date();
    // Three free sessions in next month (London), on the 10th to 12th.
    const day = (n) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, n, 10)).toISOString();
    const tag = Date.now().toString(36);
    const made = [];
    for (const n of [10, 11, 12]) {
      made.push(await createEventAs(asAdmin, { title: `Limit check ${tag} ${n}`, category: "Running", date: day(n), price: "0.00" }));
    }
    const community = await registerMember({ firstName: "Tomi" });
    await bookFor(community, made[0].id);
    await bookFor(community, made[1].id);

    await withPage(browser, { viewport: MOBILE, prepare: signedInAs(community) }, async (page) => {
      const axe = axeChecker(page);
      await goto(page, `/events/${made[2].id}`);
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
      await page.getByRole("checkbox", { name: /I agree to the/ }).check();
      await page.getByRole("button", { name: "Book Free Place" }).click();
      const refusal = page.getByRole("alert").filter({ hasText: "Your Community plan includes 2 events a month" });
      await refusal.waitFor();
      const link = refusal.getByRole("link", { name: "See membership plans" });
      await axe.check("event page: the monthly limit refusal");
      await link.click();
      await page.getByRole("heading", { name: "Join Our Community", level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/membership");

      // The full booking form says the same, with the same way out.
      await goto(page, `/booking/${made[2].id}`);
      await page.getByRole("heading", { name: "Complete Your Booking" }).waitFor();
      await page.getByRole("textbox", { name: "Phone Number" }).fill("07700 900123");
      await page.getByRole("spinbutton", { name: "Age" }).fill("30");
      await page.getByRole("textbox", { name: "Emergency Contact" }).fill("Jo Silva");
      await page.getByRole("textbox", { name: "Emergency Phone" }).fill("07700 900456");
      await page.getByRole("checkbox", { name: /I agree to the/ }).check();
      await page.getByRole("button", { name: /^Confirm Booking/ }).click();
      const formRefusal = page.getByRole("alert").filter({ hasText: "Your Community plan includes 2 events a month" });
      await formRefusal.waitFor();
      await axe.check("booking form: the monthly limit refusal");
      await formRefusal.getByRole("link", { name: "See membership plans" }).click();
      await page.getByRole("heading", { name: "Join Our Community", level: 1 }).waitFor();
      axe.assertClean();
    });
  });
});
