// Access needs, private by default, and who's going (ADR 0023), clicked through as people
// do: a member tells us their needs on their profile and chooses to share them; the booking
// form is filled in from them and says who sees it; the session's leader sees them on the
// register, another member and a visitor never do; turning sharing off takes them off the
// register. Who's Going names members who share it, to members only. Axe in both themes,
// and screenshots of the new screens at 390 px and desktop, light and dark.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  apiAs,
  axeChecker,
  createEventAs,
  DESKTOP,
  goto,
  launchBrowser,
  MOBILE,
  openPage,
  registerMember,
  registerModerator,
  sessionCookie,
  signInAdminContext,
  signInContext,
  until,
} from "./helpers.mjs";

const shots = join(dirname(fileURLToPath(import.meta.url)), "screenshots");

let browser;
let asAdmin;

before(async () => {
  browser = await launchBrowser();
  asAdmin = await adminCookie();
  await mkdir(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** Full-page shots of what `page` shows now, at 390 px and desktop, light and dark. */
async function screenshots(page, name, ready) {
  for (const [size, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
      await ready();
      await page.screenshot({ path: join(shots, `${name}-${size}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
}

const noSidewaysScroll = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("access needs and who's going", () => {
  test("shared with the session's leader only, taken back at once; named to members who may see it", async () => {
    const note = `Ramp by the side door ${Math.random().toString(36).slice(2, 7)}`;
    const leader = await registerModerator(asAdmin, { firstName: "Kwabena", lastName: "Owusu" });
    const title = `Wheelchair Basketball ${Math.random().toString(36).slice(2, 7)}`;
    const event = await createEventAs(asAdmin, {
      title,
      price: "0.00",
      leaderId: leader.id,
      date: new Date(Date.now() + 4 * 24 * 60 * 60 * 1000).toISOString(),
    });
    const amara = await registerMember({ firstName: "Amara", lastName: "Okafor" });
    await apiAs(await sessionCookie(amara), "PUT", "/api/user/profile", {
      firstName: "Amara",
      lastName: "Okafor",
      chosenName: "Mara",
      pronouns: "she/her",
    });
    // Someone who keeps their attendance to themselves: counted, never named.
    const quiet = await registerMember({ firstName: "Quentin", lastName: "Hale" });
    const quietCookie = await sessionCookie(quiet);
    const prefs = (await apiAs(quietCookie, "GET", "/api/user/preferences")).body.preferences;
    prefs.privacy.shareAttendance = false;
    assert.equal((await apiAs(quietCookie, "PUT", "/api/user/preferences", { preferences: prefs })).status, 200);
    assert.equal((await apiAs(quietCookie, "POST", "/api/bookings", { eventId: event.id })).status, 201);

    // The member: profile, then booking.
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    try {
      const axe = axeChecker(page);
      await signInContext(context, amara);
      await goto(page, "/profile");
      const section = page.getByRole("region", { name: "Access Needs" });
      await section.getByRole("checkbox", { name: "Step-free access" }).waitFor();
      const share = section.getByRole("checkbox", { name: "Share with the session leader for sessions I book" });
      assert.equal(await share.isChecked(), false, "off until the member turns it on");
      await section.getByText("Off: nobody sees these, not even your session leaders.").waitFor();
      await section.getByRole("checkbox", { name: "Step-free access" }).check();
      await section.getByRole("checkbox", { name: "A quiet space" }).check();
      await section.getByRole("textbox", { name: /^Anything else, in your own words/ }).fill(note);
      await share.check();
      await section.getByText(/On: each session you book from now on tells its leader/).waitFor();
      await section.getByRole("button", { name: "Save Access Needs" }).click();
      await page.getByText("Saved. The leaders of sessions you book will see your access needs.").waitFor();
      assert.ok(await noSidewaysScroll(page), "no sideways scrolling on the profile at 390 px");
      await axe.check("profile: access needs (390 px)");
      await screenshots(page, "profile-access-needs", () => section.getByRole("button", { name: "Save Access Needs" }).waitFor());

      await goto(page, `/events/${event.id}`);
      const card = page.getByRole("complementary", { name: "Booking" });
      const stepFree = card.getByRole("checkbox", { name: "Step-free access" });
      await until(() => stepFree.isChecked(), { what: "the shared needs filled in" });
      assert.equal(await card.getByRole("checkbox", { name: "A quiet space" }).isChecked(), true);
      assert.equal(await card.getByRole("textbox", { name: /^Accessibility Requirements/ }).inputValue(), note);
      await card.getByText(/Only this session's leader and our admins see what you tick or write here/).waitFor();
      await card.getByText(/filled it in from your profile/).waitFor();
      const going = page.getByRole("region", { name: "Who's Going" });
      await going.getByText("1 person is going.").waitFor();
      await axe.check("event page: booking form filled in from the profile");
      await screenshots(page, "event-booking-access-needs", () => going.getByText("1 person is going.").waitFor());

      await card.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await card.getByRole("button", { name: "Book Free Place" }).click();
      await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
      await going.getByText("2 people are going.").waitFor();
      await going.getByText("Mara").waitFor();
      await going.getByText(/And 1 more who keep their attendance private/).waitFor();

      await goto(page, "/bookings");
      const mine = page.getByRole("article", { name: title });
      await mine.getByText(`Access needs shared with the leader: Step-free access. A quiet space. ${note}`).waitFor();
      await axe.check("my bookings with access needs");
      await screenshots(page, "my-bookings-access-needs", () => mine.getByRole("button", { name: /Change access needs/ }).waitFor());
      axe.assertClean();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }

    // The leader, on a phone at the venue: the needs are on the register.
    const asLeader = await openPage(browser, { viewport: MOBILE });
    try {
      const axe = axeChecker(asLeader.page);
      await signInAdminContext(asLeader.context, { who: leader.member });
      await goto(asLeader.page, `/admin/register/${event.id}`);
      const attendees = asLeader.page.getByRole("list", { name: "Attendees" });
      await attendees.getByRole("heading", { name: /Mara Okafor/ }).waitFor();
      await attendees.getByText("Access needs").waitFor();
      await attendees.getByText("Step-free access").waitFor();
      await attendees.getByText(note).waitFor();
      await axe.check("register with access needs (leader, 390 px)");
      await screenshots(asLeader.page, "register-access-needs", () => attendees.getByText(note).waitFor());
      axe.assertClean();
    } finally {
      await asLeader.context.close();
    }

    // Another member sees who's going, never what anyone needs; a visitor only the count.
    const other = await registerMember({ firstName: "Bo" });
    const asOther = await openPage(browser, { viewport: DESKTOP });
    try {
      const axe = axeChecker(asOther.page);
      await signInContext(asOther.context, other);
      await goto(asOther.page, `/events/${event.id}`);
      const going = asOther.page.getByRole("region", { name: "Who's Going" });
      await going.getByText("2 people are going.").waitFor();
      await going.getByRole("list", { name: "People going who share it" }).getByText("Mara").waitFor();
      await going.getByText("(she/her)").waitFor();
      assert.equal(await going.getByText("Quentin").count(), 0, "counted, never named");
      const text = await asOther.page.locator("body").innerText();
      assert.ok(!text.includes(note), "never another member");
      assert.ok(!text.includes("Okafor"), "never a surname");
      await axe.check("who's going (member)");
      await screenshots(asOther.page, "whos-going-member", () => going.getByText("Mara").waitFor());
      axe.assertClean();
    } finally {
      await asOther.context.close();
    }
    const visitor = await openPage(browser, { viewport: DESKTOP });
    try {
      await goto(visitor.page, `/events/${event.id}`);
      const going = visitor.page.getByRole("region", { name: "Who's Going" });
      await going.getByText("2 people are going.").waitFor();
      await going.getByText(/to see the names of members who share that they're going/).waitFor();
      assert.equal(await going.getByText("Mara").count(), 0, "signed out: only the count");
      await screenshots(visitor.page, "whos-going-visitor", () => going.getByText("2 people are going.").waitFor());
    } finally {
      await visitor.context.close();
    }

    // Sharing turned off: gone from the register at once.
    const amaraCookie = await sessionCookie(amara);
    const off = await apiAs(amaraCookie, "PUT", "/api/user/access-needs", {
      needs: ["step-free", "quiet-space"],
      note,
      shareWithLeader: false,
    });
    assert.equal(off.status, 200);
    const leaderView = await openPage(browser, { viewport: MOBILE });
    try {
      await signInAdminContext(leaderView.context, { who: leader.member });
      await goto(leaderView.page, `/admin/register/${event.id}`);
      const attendees = leaderView.page.getByRole("list", { name: "Attendees" });
      await attendees.getByRole("heading", { name: /Mara Okafor/ }).waitFor();
      assert.equal(await attendees.getByText(note).count(), 0);
      assert.equal(await attendees.getByText("Access needs").count(), 0);
    } finally {
      await leaderView.context.close();
    }

    // Told for this one session, in My Bookings: that booking carries it, the profile stays private.
    const again = await openPage(browser, { viewport: MOBILE });
    try {
      const axe = axeChecker(again.page);
      await signInContext(again.context, amara);
      await goto(again.page, "/bookings");
      const mine = again.page.getByRole("article", { name: title });
      await mine.getByText("Access needs shared with the leader: none").waitFor();
      await mine.getByRole("button", { name: /Add access needs/ }).click();
      await mine.getByRole("checkbox", { name: "A quiet space" }).check();
      await axe.check("my bookings: changing a booking's access needs (390 px)");
      await screenshots(again.page, "my-bookings-edit-access-needs", () => mine.getByRole("button", { name: "Save" }).waitFor());
      await mine.getByRole("button", { name: "Save" }).click();
      await again.page.getByText("Access needs updated for this session.").waitFor();
      await mine.getByText("Access needs shared with the leader: A quiet space").waitFor();
      axe.assertClean();
    } finally {
      await again.context.close();
    }
    const register = await apiAs(asAdmin, "GET", `/api/admin/events/${event.id}/register`);
    const line = register.body.attendees.find((a) => a.name === "Mara Okafor");
    assert.deepEqual([line.accessNeeds, line.accessibilityRequirements], [["quiet-space"], null]);
    const profile = await apiAs(amaraCookie, "GET", "/api/user/access-needs");
    assert.equal(profile.body.shareWithLeader, false);
  });

  test("the privacy preferences say what each choice shows and to whom", async () => {
    const member = await registerMember({ firstName: "Priya" });
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    try {
      const axe = axeChecker(page);
      await signInContext(context, member);
      await goto(page, "/preferences");
      await page.getByRole("tab", { name: "Privacy" }).click();
      await page.getByText(/Only you\. Your name is never shown on a session's page: you're counted, never named\./).waitFor();
      await page.getByText(/Off: you're counted, never named\. Your email and access needs are never shown/).waitFor();
      assert.ok(await noSidewaysScroll(page));
      await axe.check("privacy preferences (390 px)");
      await screenshots(page, "preferences-privacy", () => page.getByRole("tab", { name: "Privacy" }).waitFor());
      axe.assertClean();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
