#!/usr/bin/env node
// Full-page screenshots of the main pages at 390 px and 1280 px, light and dark, for a
// person to look at. Needs a running server: PLAYSPACE_URL=http://127.0.0.1:PORT, and its
// DATA_DIR (members finish signing up with the link in its file mailbox).
// Output: e2e/screenshots/ (git-ignored).
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  api,
  apiAs,
  DESKTOP,
  fillEvent,
  goto,
  launchBrowser,
  MOBILE,
  newMember,
  openPage,
  registerMember,
  sessionCookie,
  signInContext,
} from "./helpers.mjs";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "screenshots");
await mkdir(outDir, { recursive: true });

const events = await api("/api/events");
const sport = events[0].category;
const open = events.find((event) => event.currentParticipants < event.maxParticipants);
const [story] = (await api("/api/blog-posts")).posts;

/** [file name, path, text that shows the page is ready, optional step before the shot]. */
const visitorPages = [
  ["home", "/", "Upcoming Events"],
  ["events", "/events", "Choose Your Sport"],
  ["sport", `/events?sport=${encodeURIComponent(sport)}`, "Choose your preferred location"],
  ["event", `/events/${events[0].id}`, "About This Event"],
  ["events-access", "/events?access=stepFree,genderNeutralChanging", "Choose Your Sport", (page) => page.getByText(/match your filters/).waitFor()],
  // The venue and its access facts are drawn once the app has taken over.
  ["event-venue", `/events/${events[0].id}`, "About This Event", (page) => page.getByRole("heading", { name: "Venue and access" }).waitFor()],
  // Prerendered: its date and content are drawn once the app has taken over.
  ["story", `/blog/${story.id}`, "Back to Stories", (page) => page.locator("article time").waitFor()],
  ["about", "/about", "Our Mission"],
  ["contact", "/contact", "Send us a Message"],
  ["not-found", "/no-such-page", "404 Page Not Found"],
  ["login", "/login", "Welcome Back"],
  [
    "login-errors",
    "/login",
    "Welcome Back",
    async (page) => {
      await page.getByRole("button", { name: "Log In" }).click();
      await page.getByText("Invalid email address").waitFor();
    },
  ],
  ["signup", "/signup", "Create Your Account"],
  [
    "signup-errors",
    "/signup",
    "Create Your Account",
    async (page) => {
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("You must agree to the terms and conditions").waitFor();
    },
  ],
  [
    "signup-check-inbox",
    "/signup",
    "Create Your Account",
    async (page) => {
      await fillSignUp(page, newMember({ email: "amara.okafor.with.a.long.address@example.org" }));
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "Check Your Inbox" }).waitFor();
    },
  ],
  ["signup-confirm", "/signup/confirm?token=example-token", "Finish Signing Up"],
  [
    "signup-confirm-expired",
    "/signup/confirm?token=example-token",
    "Finish Signing Up",
    async (page) => {
      await page.getByLabel("Password", { exact: true }).fill("brisk otter 42");
      await page.getByRole("button", { name: "Finish Signing Up" }).click();
      await page.getByRole("heading", { name: "This Link No Longer Works" }).waitFor();
    },
  ],
  ["forgot-password", "/forgot-password", "Forgot Your Password?"],
  [
    "forgot-password-sent",
    "/forgot-password",
    "Forgot Your Password?",
    async (page) => {
      await page.getByRole("textbox", { name: "Email Address" }).fill("someone@example.org");
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    },
  ],
  ["reset-password", "/reset-password?token=example-token", "Choose a New Password"],
  ["reset-password-invalid", "/reset-password", "Invalid Reset Link"],
  ["verify-email-invalid", "/verify-email?token=not-a-real-token", "Invalid Verification Link"],
  ["newsletter-confirm-invalid", "/newsletter/confirm?token=not-a-real-token", "Invalid Confirmation Link"],
  ["preferences-guest", "/preferences", "Save Preferences"],
];

const memberPages = [
  ["home-member", "/", "Upcoming Events"],
  [
    "account-menu",
    "/about",
    "Our Mission",
    async (page, { mobile }) => {
      if (mobile) await page.getByRole("button", { name: "Menu", exact: true }).click();
      else await page.getByRole("button", { name: /^Your account/ }).click();
      await page.getByText("Log out").first().waitFor();
    },
  ],
  ["event-member", `/events/${open.id}`, "Book Your Spot"],
  ["preferences", "/preferences", "Save Preferences"],
  [
    "preferences-notifications",
    "/preferences",
    "Save Preferences",
    async (page) => {
      await page.getByRole("tab", { name: "Notifications" }).click();
      await page.getByText("coming soon", { exact: false }).first().waitFor();
    },
  ],
  [
    "preferences-calendar",
    "/preferences",
    "Save Preferences",
    async (page) => page.getByRole("tab", { name: "Calendar" }).click(),
  ],
  [
    "preferences-privacy",
    "/preferences",
    "Save Preferences",
    async (page) => page.getByRole("tab", { name: "Privacy" }).click(),
  ],
  ["profile", "/profile", "Download My Data"],
  [
    "delete-dialog",
    "/profile",
    "Download My Data",
    async (page) => {
      await page.getByRole("button", { name: "Delete My Account" }).click();
      await page.getByRole("alertdialog").waitFor();
    },
  ],
];

/** Fills every required field of the sign-up form for `member`, agreeing to the terms. */
async function fillSignUp(page, member) {
  const box = (name) => page.getByRole("textbox", { name, exact: true });
  await box("First Name").fill(member.firstName);
  await box("Last Name").fill(member.lastName);
  await box("Email Address").fill(member.email);
  await box("Phone Number").fill(member.phone);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByLabel(/^Confirm Password/).fill(member.password);
  await box("Address").fill(member.address);
  await box("City").fill(member.city);
  await box("Postcode").fill(member.postcode);
  await page.getByRole("combobox", { name: "Gender" }).click();
  await page.getByRole("option", { name: "Female" }).click();
  await page.getByRole("radio", { name: /^Beginner/ }).check();
  await page.getByRole("combobox", { name: "How did you hear about us?" }).click();
  await page.getByRole("option", { name: "Friend or family" }).click();
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
}

async function shoot(page, [name, path, ready, step], size, colorScheme, mobile) {
  await goto(page, path);
  await page.getByText(ready, { exact: true }).first().waitFor();
  // Scroll through once so lazily loaded pictures are in the shot.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  if (step) await step(page, { mobile });
  // Let toasts and menus finish animating.
  await page.waitForTimeout(400);
  const file = join(outDir, `${name}-${size}-${colorScheme}.png`);
  await page.screenshot({ path: file, fullPage: !name.includes("dialog") });
  console.log(file);
}

const only = process.argv[2] ? new RegExp(process.argv[2]) : null;
const browser = await launchBrowser();
try {
  const member = await registerMember({ firstName: "Amara", lastName: "Okafor", chosenName: undefined });
  for (const [size, viewport] of [["390", MOBILE], ["1280", DESKTOP]]) {
    for (const colorScheme of ["light", "dark"]) {
      const mobile = viewport === MOBILE;
      const visitor = await openPage(browser, { viewport, colorScheme });
      for (const entry of visitorPages) {
        if (!only || only.test(entry[0])) await shoot(visitor.page, entry, size, colorScheme, mobile);
      }
      await visitor.context.close();

      const signedIn = await openPage(browser, { viewport, colorScheme });
      await signInContext(signedIn.context, member);
      for (const entry of memberPages) {
        if (!only || only.test(entry[0])) await shoot(signedIn.page, entry, size, colorScheme, mobile);
      }
      await signedIn.context.close();
    }
  }

  // The waitlist on a full event's page: joining, waiting, a held place (and its Let It Go
  // dialog), and an offer passed on. Each is shot whole and as the booking side card alone.
  if (!only || only.test("waitlist")) await shootWaitlist();
} finally {
  await browser.close();
}

async function shootWaitlist() {
  const firstFull = events.findIndex((event) => event.currentParticipants >= event.maxParticipants);
  const left = (event) => event.maxParticipants - event.currentParticipants;
  const event = events
    .slice(firstFull + 1)
    .filter((e) => left(e) > 0 && left(e) <= 10 && Number(e.price) > 0)
    .reduce((best, e) => (!best || left(e) < left(best) ? e : best), undefined);
  const bookers = await fillEvent(event.id);
  const person = async (firstName) => {
    const member = await registerMember({ firstName, lastName: "Okafor", chosenName: undefined });
    return { member, cookie: await sessionCookie(member) };
  };
  const [first, second, third, visitor] = [await person("Amara"), await person("Bola"), await person("Chidi"), await person("Dami")];
  const path = `/events/${event.id}`;
  const entry = async (who) => (await apiAs(who.cookie, "GET", `/api/events/${event.id}/waitlist`)).body.entry;
  const joinWaitlist = (who) => apiAs(who.cookie, "POST", `/api/events/${event.id}/waitlist`);

  const shootState = async (name, who, heading, step) => {
    for (const [size, viewport] of [["390", MOBILE], ["1280", DESKTOP]]) {
      for (const colorScheme of ["light", "dark"]) {
        const { context, page } = await openPage(browser, { viewport, colorScheme });
        await signInContext(context, who.member);
        await goto(page, path);
        const card = page.getByRole("complementary", { name: "Booking" });
        await card.getByRole("heading", { name: heading }).waitFor();
        if (step) await step(page);
        await page.waitForTimeout(400);
        const file = join(outDir, `waitlist-${name}-${size}-${colorScheme}`);
        await page.screenshot({ path: `${file}.png`, fullPage: !step });
        if (!step) await card.screenshot({ path: `${file}-card.png` });
        console.log(`${file}.png`);
        await context.close();
      }
    }
  };
  await shootState("join", visitor, "Event Full");
  for (const who of [first, second, third]) await joinWaitlist(who);
  await shootState("waiting", second, "You're on the Waitlist");
  await apiAs(bookers[0].cookie, "POST", `/api/bookings/${bookers[0].booking.id}/cancel`, {});
  while ((await entry(first)).status !== "offered") await new Promise((resolve) => setTimeout(resolve, 200));
  await shootState("offered", first, "A place is free for you");
  await shootState("let-go-dialog", first, "A place is free for you", async (page) => {
    await page.getByRole("button", { name: "Let It Go" }).click();
    await page.getByRole("alertdialog").waitFor();
  });
  await apiAs(first.cookie, "DELETE", `/api/events/${event.id}/waitlist`);
  await shootState("passed", first, "Offer Passed On");

  // The next in line claims the place it passed to (once, so one size and theme).
  while ((await entry(second)).status !== "offered") await new Promise((resolve) => setTimeout(resolve, 200));
  const { context, page } = await openPage(browser);
  await signInContext(context, second.member);
  await goto(page, path);
  const card = page.getByRole("complementary", { name: "Booking" });
  await card.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
  await card.getByRole("button", { name: "Claim My Place" }).click();
  await card.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
  await page.waitForTimeout(400);
  await card.screenshot({ path: join(outDir, "waitlist-claimed-1280-light-card.png") });
  console.log(join(outDir, "waitlist-claimed-1280-light-card.png"));
  await context.close();
}
