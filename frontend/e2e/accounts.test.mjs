// Accounts in the browser against the real server: sign-up finished from the emailed link
// with the password, login with a return address, password reset by email, preferences, the profile
// and its data rights. Emails are read from the server's file mailbox (DATA_DIR/mail).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import {
  api,
  axeChecker,
  BASE_URL,
  goto,
  launchBrowser,
  linkTo,
  newMember,
  registerMember,
  waitForEmail,
  withPage,
} from "./helpers.mjs";

let browser;
let openEvent;

before(async () => {
  browser = await launchBrowser();
  const events = await api("/api/events");
  openEvent = events.find((event) => event.currentParticipants < event.maxParticipants);
  assert.ok(openEvent, "the seed data should have an event with places left");
});

after(async () => {
  await browser?.close();
});

/** Fills the login form and submits it. */
async function logIn(page, email, password) {
  await page.getByRole("textbox", { name: "Email Address" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

async function expectSignedIn(page, name) {
  await page.getByText(new RegExp(`^Good (morning|afternoon|evening), ${name}$`)).waitFor();
}

/** Nothing secret may be readable by page scripts: no token in storage, the cookie HttpOnly. */
async function assertNoTokenInPage(page) {
  const { storage, cookie } = await page.evaluate(() => ({
    storage: JSON.stringify({ ...localStorage, ...sessionStorage }),
    cookie: document.cookie,
  }));
  assert.doesNotMatch(storage, /eyJ[\w-]+\.[\w-]+\./, "a JWT in web storage");
  assert.doesNotMatch(storage, /token/i);
  assert.doesNotMatch(cookie, /playspace_session/);
}

describe("sign-up", () => {
  test("asks to check the inbox; the emailed link and the password make the account and sign in", () =>
    withPage(browser, {}, async (page) => {
      const axe = axeChecker(page);
      const member = newMember({ firstName: "Kofi", lastName: "Mensah" });
      await goto(page, "/signup");
      await page.getByRole("heading", { name: "Create Your Account" }).waitFor();
      const box = (name) => page.getByRole("textbox", { name, exact: true });
      await box("First Name").fill(member.firstName);
      await box("Last Name").fill(member.lastName);
      await box("Email Address").fill(member.email);
      await box("Phone Number").fill(member.phone);
      await page.getByLabel(/^Password/).fill(member.password);
      await page.getByLabel(/^Confirm Password/).fill("not the same");
      await box("Address").fill(member.address);
      await box("City").fill(member.city);
      await box("Postcode").fill(member.postcode);
      await page.getByLabel("Date of Birth").fill(member.dateOfBirth);
      await page.getByRole("combobox", { name: "Gender" }).click();
      await page.getByRole("option", { name: "Non-binary" }).click();
      await page.getByRole("radio", { name: /^Intermediate/ }).check();
      await page.getByRole("textbox", { name: /^Emergency Contact Name/ }).fill("Ama Mensah");
      await page.getByRole("textbox", { name: /^Emergency Contact Phone/ }).fill("07700 900456");
      await page.getByRole("checkbox", { name: "Badminton" }).check();
      await page.getByRole("checkbox", { name: "Table Tennis" }).check();
      await page.getByRole("combobox", { name: "How did you hear about us?" }).click();
      await page.getByRole("option", { name: "Friend or family" }).click();
      await page.getByRole("textbox", { name: /^Accessibility Needs/ }).fill("Step-free access");

      // The spec's messages for a mismatch and the missing agreement.
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("Passwords don't match").waitFor();
      await page.getByText("You must agree to the terms and conditions").waitFor();
      await page.getByLabel(/^Confirm Password/).fill(member.password);
      await page.getByRole("checkbox", { name: /I agree to the/ }).check();
      await page.getByRole("button", { name: "Create Account" }).click();

      // Not signed in yet: the panel says where the email went, and has the focus.
      const inbox = page.getByRole("heading", { level: 1, name: "Check Your Inbox" });
      await inbox.waitFor();
      assert.equal(await inbox.evaluate((heading) => heading === document.activeElement), true);
      await page.getByText(member.email, { exact: true }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/signup");
      assert.equal(await page.getByRole("link", { name: "Log in" }).first().isVisible(), true);
      await assertNoTokenInPage(page);
      await axe.check("check your inbox");

      const mail = await waitForEmail(member.email, /^Confirm your email to finish signing up$/);
      assert.doesNotMatch(mail.text, /Kofi/, "the email names nobody");
      const link = linkTo(mail, "/signup/confirm?token=");
      await goto(page, link);
      await page.getByRole("heading", { name: "Finish Signing Up" }).waitFor();
      await axe.check("finish signing up");
      const password = page.getByLabel("Password", { exact: true });
      await password.fill("not my password");
      await page.getByRole("button", { name: "Finish Signing Up" }).click();
      await page.getByText("That isn't the password you chose when you signed up. Please try again.").waitFor();
      await password.fill(member.password);
      await page.getByRole("button", { name: "Finish Signing Up" }).click();

      await page.getByText("Welcome to PlaySpace!").waitFor();
      await expectSignedIn(page, "Kofi");
      await page.waitForURL(`${BASE_URL}/`);
      await assertNoTokenInPage(page);
      const welcome = await waitForEmail(member.email, /^Welcome to PlaySpace$/);
      assert.match(welcome.text, /Welcome, Kofi!/);
      const { user } = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
      assert.equal(user.isEmailVerified, true, "opening the link confirmed the address");
      const { profile } = await page.evaluate(() => fetch("/api/user/profile").then((r) => r.json()));
      const needs = await page.evaluate(() => fetch("/api/user/access-needs").then((r) => r.json()));
      assert.deepEqual(needs, { needs: [], note: "Step-free access", shareWithLeader: false }, "kept as a private note");
      assert.deepEqual(profile.sportsInterests, ["Badminton", "Table Tennis"]);
      await goto(page, "/profile");
      await page.getByRole("heading", { name: "Personal Details" }).waitFor();
      assert.equal(await page.getByText("Please confirm your email address.").count(), 0);

      // A used link makes nothing more: the page offers to sign up again.
      await goto(page, link);
      await page.getByLabel("Password", { exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Finish Signing Up" }).click();
      const gone = page.getByRole("heading", { level: 1, name: "This Link No Longer Works" });
      await gone.waitFor();
      assert.equal(await gone.evaluate((heading) => heading === document.activeElement), true);
      await page.getByRole("link", { name: "Sign Up Again" }).waitFor();
      await axe.check("a link that no longer works");
      axe.assertClean();
    }));

  test("maps the server's field errors onto the form, and a taken address gets the same panel", () =>
    withPage(browser, {}, async (page) => {
      const existing = await registerMember();
      await goto(page, "/signup");
      const box = (name) => page.getByRole("textbox", { name, exact: true });
      await box("First Name").fill("Ana");
      await box("Last Name").fill("Silva");
      await box("Email Address").fill(existing.email.toUpperCase());
      await box("Phone Number").fill("07700 900123");
      await page.getByLabel(/^Password/).fill("password");
      await page.getByLabel(/^Confirm Password/).fill("password");
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
      // "password" is too common: the server says so under the field.
      await page.getByText("This password is too common. Please choose one that is harder to guess.").waitFor();

      await page.getByLabel(/^Password/).fill("a much better passphrase");
      await page.getByLabel(/^Confirm Password/).fill("a much better passphrase");
      await page.getByRole("button", { name: "Create Account" }).click();
      // The same panel as for a free address; the owner hears of it by email.
      await page.getByRole("heading", { name: "Check Your Inbox" }).waitFor();
      await page.getByText(existing.email.toUpperCase(), { exact: true }).waitFor();
      const notice = await waitForEmail(existing.email, /^Someone tried to create a PlaySpace account/);
      assert.match(notice.text, /already have an account/);
      assert.match(linkTo(notice, "/login"), /^\/login/);

      // Back to the form to change the address: everything typed is still there.
      await page.getByRole("button", { name: "Use a Different Email" }).click();
      const email = box("Email Address");
      await page.waitForFunction(() => document.activeElement?.getAttribute("type") === "email");
      assert.equal(await email.inputValue(), existing.email.toUpperCase());
      assert.equal(await box("First Name").inputValue(), "Ana");
    }));
});

describe("login", () => {
  test("returns to the page that asked for it, and a wrong password gets the spec's message", () =>
    withPage(browser, {}, async (page) => {
      const member = await registerMember({ firstName: "Zainab" });
      await goto(page, `/events/${openEvent.id}`);
      await page.getByRole("heading", { name: "Login Required" }).waitFor();
      await page.getByRole("link", { name: "Log In", exact: true }).click();
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();

      await logIn(page, member.email, "not my password");
      await page.getByText("We couldn't log you in. Please check your email and password and try again.").waitFor();

      // Show/hide password.
      const password = page.getByLabel("Password", { exact: true });
      assert.equal(await password.getAttribute("type"), "password");
      await page.getByRole("button", { name: "Show password" }).click();
      assert.equal(await password.getAttribute("type"), "text");
      await page.getByRole("button", { name: "Hide password" }).click();

      await logIn(page, member.email, member.password);
      await page.waitForURL(`${BASE_URL}/events/${openEvent.id}`);
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
      // The signed-in card books from here: a free place, or on to the card payment.
      await page.getByRole("button", { name: /^(Book Free Place|Proceed to Payment)/ }).waitFor();
      await expectSignedIn(page, "Zainab");
      assert.equal(await page.evaluate(() => localStorage.getItem("returnUrl")), null);
      await assertNoTokenInPage(page);

      // The session survives a reload (the cookie), then Log out ends it.
      await page.reload({ waitUntil: "networkidle" });
      await expectSignedIn(page, "Zainab");
      await page.getByRole("button", { name: /^Your account/ }).click();
      await page.getByRole("menuitem", { name: "Profile" }).waitFor();
      await page.getByRole("menuitem", { name: "Log out" }).click();
      await page.getByText("You have been successfully logged out.").waitFor();
      await page.getByRole("link", { name: "Log in", exact: true }).waitFor();
      const status = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.status));
      assert.equal(status, 401);
    }));

  test("a page that needs login sends a visitor there and back", () =>
    withPage(browser, {}, async (page) => {
      const member = await registerMember({ firstName: "Priya" });
      await goto(page, "/profile");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/login");
      await logIn(page, member.email, member.password);
      await page.waitForURL(`${BASE_URL}/profile`);
      await page.getByRole("heading", { name: "Your Profile" }).waitFor();
    }));

  test("a dead session is cleared silently at start-up", () =>
    withPage(browser, {}, async (page, context) => {
      const member = await registerMember({ firstName: "Leo" });
      await goto(page, "/login");
      await logIn(page, member.email, member.password);
      await expectSignedIn(page, "Leo");
      await context.clearCookies();
      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("link", { name: "Log in", exact: true }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem("signedIn")), null);
    }));
});

describe("password reset", () => {
  test("forgot → emailed link → new password → log in with it", () =>
    withPage(browser, {}, async (page) => {
      const member = await registerMember({ firstName: "Hana" });
      await goto(page, "/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.getByRole("heading", { name: "Forgot Your Password?" }).waitFor();
      await page.getByRole("textbox", { name: "Email Address" }).fill(member.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
      await page.getByText("Password reset link sent to your email.").waitFor();
      await page.getByRole("button", { name: "Try Different Email" }).waitFor();

      const mail = await waitForEmail(member.email, /reset your playspace password/i);
      const link = linkTo(mail, "/reset-password?token=");
      await goto(page, link);
      await page.getByRole("heading", { name: "Choose a New Password" }).waitFor();
      await page.getByLabel("New Password", { exact: true }).fill("new river 77");
      await page.getByLabel("Confirm New Password", { exact: true }).fill("new river 78");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.getByText("Passwords don't match").waitFor();
      await page.getByLabel("Confirm New Password", { exact: true }).fill("new river 77");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.getByRole("heading", { name: "Password Reset Successful" }).waitFor();
      // Then, after 3 seconds, the login page.
      await page.waitForURL(`${BASE_URL}/login`, { timeout: 6000 });

      await logIn(page, member.email, member.password);
      await page.getByText("We couldn't log you in. Please check your email and password and try again.").waitFor();
      await logIn(page, member.email, "new river 77");
      await expectSignedIn(page, "Hana");

      // The link worked once.
      await goto(page, link);
      await page.getByRole("heading", { name: "Choose a New Password" }).waitFor();
      await page.getByLabel("New Password", { exact: true }).fill("another one 99");
      await page.getByLabel("Confirm New Password", { exact: true }).fill("another one 99");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.getByRole("heading", { name: "Invalid Reset Link" }).waitFor();
      await page.getByRole("link", { name: "Request a New Link" }).click();
      await page.getByRole("heading", { name: "Forgot Your Password?" }).waitFor();
    }));

  test("without a token the reset page says the link is invalid", () =>
    withPage(browser, {}, async (page) => {
      await goto(page, "/reset-password");
      await page.getByRole("heading", { name: "Invalid Reset Link" }).waitFor();
      assert.equal(
        await page.getByRole("link", { name: "Request a New Link" }).getAttribute("href"),
        "/forgot-password",
      );
    }));
});

describe("preferences", () => {
  test("a guest's are kept in the browser, merged at sign-in, and a member's persist on the server", () =>
    withPage(browser, {}, async (page) => {
      const member = await registerMember({ firstName: "Ines" });
      await goto(page, "/preferences");
      await page.getByText("You're not logged in, so your preferences are saved in this browser only.").waitFor();
      const favourites = page.getByRole("group", { name: "Favourite sports" });
      await favourites.getByRole("checkbox", { name: "Yoga" }).check();
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await page.getByText("Preferences updated successfully!").waitFor();
      await page.reload({ waitUntil: "networkidle" });
      assert.equal(await favourites.getByRole("checkbox", { name: "Yoga" }).isChecked(), true);

      await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
      await logIn(page, member.email, member.password);
      await page.waitForURL(`${BASE_URL}/preferences`);
      await expectSignedIn(page, "Ines");
      await page.getByRole("heading", { name: "Your Sports" }).waitFor();
      await assert.doesNotReject(() =>
        page.waitForFunction(() => localStorage.getItem("guestPreferences") === null),
      );
      const saved = await page.evaluate(() => fetch("/api/user/preferences").then((r) => r.json()));
      assert.deepEqual(saved.preferences.sports.favorites, ["Yoga"]);
      await page.reload({ waitUntil: "networkidle" });
      assert.equal(await favourites.getByRole("checkbox", { name: "Yoga" }).isChecked(), true);

      // One setting on each tab; a value out of range is caught and its tab shown.
      await favourites.getByRole("checkbox", { name: "Tennis", exact: true }).check();
      await page.getByRole("radio", { name: "Advanced" }).check();
      await page.getByRole("textbox", { name: "Preferred locations" }).fill("Hackney");
      await page.getByRole("button", { name: "Add" }).click();
      await page.getByRole("tab", { name: "Notifications" }).click();
      await page.getByRole("switch", { name: "Session recommendations" }).click();
      await page.getByRole("checkbox", { name: /^Browser notifications/ }).check();
      assert.equal(await page.getByRole("checkbox", { name: /^SMS/ }).isDisabled(), true);
      await page.getByRole("tab", { name: "Calendar" }).click();
      await page.getByRole("spinbutton", { name: /Calendar reminder/ }).fill("20000");
      await page.getByRole("tab", { name: "Privacy" }).click();
      await page.getByRole("radio", { name: /^Private/ }).check();
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await page.getByText("Reminder offset must be between 0 and 10080 minutes").waitFor();
      assert.equal(await page.getByRole("tab", { name: "Calendar" }).getAttribute("aria-selected"), "true");
      await page.getByRole("spinbutton", { name: /Calendar reminder/ }).fill("30");
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await page.getByText("Preferences updated successfully!").first().waitFor();

      await page.reload({ waitUntil: "networkidle" });
      assert.equal(await favourites.getByRole("checkbox", { name: "Tennis", exact: true }).isChecked(), true);
      assert.equal(await page.getByRole("radio", { name: "Advanced" }).isChecked(), true);
      await page.getByRole("listitem").filter({ hasText: "Hackney" }).waitFor();
      await page.getByRole("tab", { name: "Notifications" }).click();
      assert.equal(await page.getByRole("switch", { name: "Session recommendations" }).getAttribute("aria-checked"), "false");
      assert.equal(await page.getByRole("checkbox", { name: /^Browser notifications/ }).isChecked(), true);
      await page.getByRole("tab", { name: "Calendar" }).click();
      assert.equal(await page.getByRole("spinbutton", { name: /Calendar reminder/ }).inputValue(), "30");
      await page.getByRole("tab", { name: "Privacy" }).click();
      assert.equal(await page.getByRole("radio", { name: /^Private/ }).isChecked(), true);
    }));
});

/** Tab until `target` has focus (keyboard only); fails after `max` presses. */
async function tabTo(page, target, max = 25) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

describe("keyboard", () => {
  test("sign-up works with Tab, Space and Enter alone", () =>
    withPage(browser, {}, async (page) => {
      const member = newMember();
      await goto(page, "/signup");
      await page.getByRole("heading", { name: "Create Your Account" }).waitFor();
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Skip to main content");
      await page.keyboard.press("Enter");

      const typeInto = async (target, text) => {
        await tabTo(page, target);
        await page.keyboard.type(text);
      };
      const box = (name) => page.getByRole("textbox", { name, exact: true });
      await typeInto(box("First Name"), "Sam");
      await typeInto(box("Last Name"), "Taylor");
      await typeInto(box("Email Address"), member.email);
      await typeInto(box("Phone Number"), member.phone);
      await typeInto(page.getByLabel(/^Password/), member.password);
      await typeInto(page.getByLabel(/^Confirm Password/), member.password);
      await typeInto(box("Address"), member.address);
      await typeInto(box("City"), member.city);
      await typeInto(box("Postcode"), member.postcode);

      // A select opens with Space; Enter takes the highlighted first option.
      const gender = page.getByRole("combobox", { name: "Gender" });
      await tabTo(page, gender);
      await page.keyboard.press("Space");
      await page.getByRole("listbox").waitFor();
      await page.keyboard.press("Enter");
      assert.equal(await gender.textContent(), "Male");

      await tabTo(page, page.getByRole("radio", { name: /^Beginner/ }));
      await page.keyboard.press("Space");
      await tabTo(page, page.getByRole("checkbox", { name: "Running" }), 40);
      await page.keyboard.press("Space");

      const heard = page.getByRole("combobox", { name: "How did you hear about us?" });
      await tabTo(page, heard);
      await page.keyboard.press("Enter");
      await page.getByRole("listbox").waitFor();
      await page.keyboard.press("Enter");
      assert.equal(await heard.textContent(), "Search engine");

      await tabTo(page, page.getByRole("checkbox", { name: /I agree to the/ }));
      await page.keyboard.press("Space");
      await tabTo(page, page.getByRole("button", { name: "Create Account" }));
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Check Your Inbox" }).waitFor();

      // The emailed link's page: the password field, then Enter.
      const mail = await waitForEmail(member.email, /finish signing up/i);
      await goto(page, linkTo(mail, "/signup/confirm?token="));
      await page.getByRole("heading", { name: "Finish Signing Up" }).waitFor();
      await typeInto(page.getByLabel("Password", { exact: true }), member.password);
      await page.keyboard.press("Enter");

      await expectSignedIn(page, "Sam");
      await page.waitForURL(`${BASE_URL}/`);
      const profile = await page.evaluate(() => fetch("/api/user/profile").then((r) => r.json()));
      assert.equal(profile.profile.gender, "male");
      assert.equal(profile.profile.fitnessLevel, "beginner");
      assert.deepEqual(profile.profile.sportsInterests, ["Running"]);
      assert.equal(profile.profile.howDidYouHear, "search");
    }));
});

describe("profile and data rights", () => {
  test("edits persist, the greeting uses the chosen name, and the password can be changed", () =>
    withPage(browser, {}, async (page) => {
      const member = await registerMember({ firstName: "Oluwaseun" });
      await goto(page, "/login");
      await logIn(page, member.email, member.password);
      await expectSignedIn(page, "Oluwaseun");
      await page.getByRole("button", { name: /^Your account/ }).click();
      await page.getByRole("menuitem", { name: "Profile" }).click();
      await page.getByRole("heading", { name: "Your Profile" }).waitFor();

      await page.getByRole("textbox", { name: /^Chosen Name/ }).fill("Seun");
      await page.getByRole("textbox", { name: /^Pronouns/ }).fill("he/him");
      await page.getByRole("textbox", { name: /^Phone Number/ }).fill("123");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Please enter a valid phone number").waitFor();
      await page.getByRole("textbox", { name: /^Phone Number/ }).fill("020 7946 0999");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Your profile has been updated.").waitFor();
      await expectSignedIn(page, "Seun");

      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Personal Details" }).waitFor();
      assert.equal(await page.getByRole("textbox", { name: /^Chosen Name/ }).inputValue(), "Seun");
      assert.equal(await page.getByRole("textbox", { name: /^Pronouns/ }).inputValue(), "he/him");
      assert.equal(await page.getByRole("textbox", { name: /^Phone Number/ }).inputValue(), "020 7946 0999");
      await expectSignedIn(page, "Seun");

      await page.getByLabel("Current Password", { exact: true }).fill("wrong password");
      await page.getByLabel("New Password", { exact: true }).fill("fresh meadow 5");
      await page.getByLabel("Confirm New Password", { exact: true }).fill("fresh meadow 5");
      await page.getByRole("button", { name: "Change Password" }).click();
      await page.getByText("Your current password is not correct").waitFor();
      await page.getByLabel("Current Password", { exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Change Password" }).click();
      await page.getByText("Your password has been changed. Other devices have been signed out.").waitFor();
      assert.equal(await page.getByLabel("Current Password", { exact: true }).inputValue(), "");
    }));

  test("Download My Data saves a JSON file of the member's data", () =>
    withPage(browser, {}, async (page) => {
      const member = await registerMember({ firstName: "Mei" });
      await goto(page, "/login");
      await logIn(page, member.email, member.password);
      await expectSignedIn(page, "Mei");
      await goto(page, "/profile");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download My Data" }).click(),
      ]);
      assert.match(download.suggestedFilename(), /\.json$/);
      const data = JSON.parse(await readFile(await download.path(), "utf8"));
      assert.equal(data.profile.email, member.email);
      assert.equal(data.profile.firstName, "Mei");
      assert.ok(Array.isArray(data.sessions) && data.sessions.length > 0);
    }));

  test("deleting the account asks for the password, signs out, and the login then fails", () =>
    withPage(browser, {}, async (page) => {
      const member = await registerMember({ firstName: "Tomasz" });
      await goto(page, "/login");
      await logIn(page, member.email, member.password);
      await expectSignedIn(page, "Tomasz");
      await goto(page, "/profile");
      await page.getByRole("button", { name: "Delete My Account" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
      await dialog.getByLabel("Enter your password to confirm").fill("not it");
      await dialog.getByRole("button", { name: "Delete Account" }).click();
      await dialog.getByText("Your password is not correct").waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Delete My Account" }).click();
      await dialog.getByLabel("Enter your password to confirm").fill(member.password);
      await dialog.getByRole("button", { name: "Delete Account" }).click();
      await page.getByText("Your account and personal data have been deleted.").waitFor();
      await page.waitForURL(`${BASE_URL}/`);
      await page.getByRole("link", { name: "Log in", exact: true }).waitFor();

      await goto(page, "/login");
      await logIn(page, member.email, member.password);
      await page.getByText("We couldn't log you in. Please check your email and password and try again.").waitFor();
      assert.equal(new URL(page.url()).pathname, "/login");
    }));
});
