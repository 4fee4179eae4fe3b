import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  api,
  axeViolations,
  goto,
  launchBrowser,
  MOBILE,
  openPage,
  registerMember,
  signInContext,
} from "./helpers.mjs";

let browser;
let routes;
let memberRoutes;
let member;

before(async () => {
  browser = await launchBrowser();
  const events = await api("/api/events");
  const full = events.find((event) => event.currentParticipants >= event.maxParticipants);
  const open = events.find((event) => event.currentParticipants < event.maxParticipants);
  const sport = events[0].category;
  // Each route with the heading that shows it has finished loading.
  routes = [
    ["/", "Upcoming Events"],
    ["/events", "Choose Your Sport"],
    [`/events?sport=${encodeURIComponent(sport)}`, sport],
    ["/events?q=zzzz-nothing", "No events match your filters"],
    [`/events/${open.id}`, "Login Required"],
    [`/events/${full.id}`, "Event Full"],
    ["/events/00000000-0000-7000-8000-000000000000", "Event Not Found"],
    ["/about", "Our Mission"],
    ["/contact", "Send us a Message"],
    ["/login", "Welcome Back"],
    ["/signup", "Create Your Account"],
    ["/blog", "Community Stories"],
    ["/no-such-page", "404 Page Not Found"],
    ["/forgot-password", "Forgot Your Password?"],
    ["/reset-password?token=example", "Choose a New Password"],
    ["/reset-password", "Invalid Reset Link"],
    ["/signup/confirm?token=example-token", "Finish Signing Up"],
    ["/signup/confirm", "This Link No Longer Works"],
    ["/verify-email?token=not-a-real-token", "Invalid Verification Link"],
    ["/newsletter/confirm?token=not-a-real-token", "Invalid Confirmation Link"],
    ["/preferences", "Preferences"],
  ];
  member = await registerMember();
  memberRoutes = [
    ["/", "Upcoming Events"],
    [`/events/${open.id}`, "Book Your Spot"],
    ["/preferences", "Your Sports"],
    ["/profile", "Personal Details"],
  ];
});

after(async () => {
  await browser?.close();
});

function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`)
    .join("\n");
}

async function checkRoutes(options, { signedIn = false } = {}) {
  const { context, page } = await openPage(browser, options);
  if (signedIn) await signInContext(context, member);
  try {
    const failures = [];
    for (const [path, heading] of signedIn ? memberRoutes : routes) {
      await goto(page, path);
      await page.getByRole("heading", { name: heading, exact: true }).first().waitFor();
      const violations = await axeViolations(page);
      if (violations.length > 0) failures.push(`${path}\n${describeViolations(violations)}`);
    }
    assert.equal(failures.join("\n\n"), "", "axe found accessibility violations");
  } finally {
    await context.close();
  }
}

describe("axe finds no violations", () => {
  test("on every route in the light theme", () => checkRoutes({ colorScheme: "light" }));
  test("on every route in the dark theme", () => checkRoutes({ colorScheme: "dark" }));
  test("on every route at 390 px in the dark theme", () => checkRoutes({ colorScheme: "dark", viewport: MOBILE }));

  test("on every member page in the light theme", () => checkRoutes({ colorScheme: "light" }, { signedIn: true }));
  test("on every member page in the dark theme", () => checkRoutes({ colorScheme: "dark" }, { signedIn: true }));
  test("on every member page at 390 px in the dark theme", () =>
    checkRoutes({ colorScheme: "dark", viewport: MOBILE }, { signedIn: true }));

  for (const colorScheme of ["light", "dark"]) {
    test(`on forms showing their errors, ${colorScheme}`, async () => {
      const { context, page } = await openPage(browser, { colorScheme });
      try {
        const failures = [];
        for (const [path, submit, error] of [
          ["/login", "Log In", "Invalid email address"],
          ["/signup", "Create Account", "You must agree to the terms and conditions"],
          ["/forgot-password", "Send Reset Link", "Invalid email address"],
          ["/reset-password?token=example", "Reset Password", "Password must be at least 6 characters"],
        ]) {
          await goto(page, path);
          await page.getByRole("button", { name: submit }).click();
          await page.getByText(error).first().waitFor();
          const violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`${path}\n${describeViolations(violations)}`);
        }
        assert.equal(failures.join("\n\n"), "", "axe found accessibility violations");
      } finally {
        await context.close();
      }
    });

    test(`with the account menu, each preferences tab and the delete dialog open, ${colorScheme}`, async () => {
      const { context, page } = await openPage(browser, { colorScheme });
      await signInContext(context, member);
      try {
        const failures = [];
        const check = async (label) => {
          const violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`${label}\n${describeViolations(violations)}`);
        };
        await goto(page, "/about");
        await page.getByRole("button", { name: /^Your account/ }).click();
        await page.getByRole("menuitem", { name: "Log out" }).waitFor();
        await check("account menu");

        await goto(page, "/preferences");
        for (const tab of ["Notifications", "Calendar", "Privacy"]) {
          await page.getByRole("tab", { name: tab }).click();
          await page.getByRole("heading", { name: tab, level: 2 }).waitFor();
          await check(`preferences: ${tab}`);
        }

        await goto(page, "/profile");
        await page.getByRole("button", { name: "Delete My Account" }).click();
        await page.getByRole("alertdialog", { name: "Delete your account?" }).waitFor();
        await check("delete dialog");
        assert.equal(failures.join("\n\n"), "", "axe found accessibility violations");
      } finally {
        await context.close();
      }
    });
  }

  test("with the mobile menu open for a member", async () => {
    const { context, page } = await openPage(browser, { viewport: MOBILE, colorScheme: "dark" });
    await signInContext(context, member);
    try {
      await goto(page, "/");
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.getByRole("button", { name: "Log out" }).waitFor();
      const violations = await axeViolations(page);
      assert.equal(describeViolations(violations), "");
    } finally {
      await context.close();
    }
  });

  test("with the mobile menu and the theme menu open", async () => {
    const { context, page } = await openPage(browser, { viewport: MOBILE });
    try {
      await goto(page, "/");
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("button", { name: "Theme" }).click();
      await page.getByRole("menuitemradio", { name: "Dark" }).waitFor();
      const violations = await axeViolations(page);
      assert.equal(describeViolations(violations), "");
    } finally {
      await context.close();
    }
  });
});
