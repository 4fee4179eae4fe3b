// The waitlist in the browser against the real server: a full event, joining and seeing
// one's place, a cancelled place held for the first in line and offered by email, claiming
// it with the keyboard alone, letting an offer go to the next person, and axe on the
// waiting and offered states. The event is filled here (one no other browser test uses)
// and never goes over capacity. Last, an offer of a priced event claimed by card through
// the local checkout, on an event of its own.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  adminCookie,
  api,
  apiAs,
  axeChecker,
  axeViolations,
  BASE_URL,
  bookFor,
  createEventAs,
  DESKTOP,
  fillEvent,
  goto,
  launchBrowser,
  linkTo,
  MOBILE,
  openPage,
  registerMember,
  reload,
  sessionCookie,
  signInContext,
  tabUntil,
  waitForEmail,
} from "./helpers.mjs";

const DAY_MS = 24 * 60 * 60 * 1000;

let browser;
let event;
/** The members who filled the event: [{member, cookie, booking}]. */
let bookers;
/** Waiting in this order: W (through the page), then V and U (through the API). */
const people = {};

/**
 * A free event with the fewest places left that no other browser test touches: after the
 * seed's first full event (site and accessibility tests look for that one), not the last
 * free event with places (the booking tests book that), and more than two days away.
 */
function pickEvent(events) {
  const firstFull = events.findIndex((e) => e.currentParticipants >= e.maxParticipants);
  const bookable = events.filter((e) => e.currentParticipants + 3 <= e.maxParticipants && Date.parse(e.date) > Date.now() + DAY_MS);
  const takenByBookingTests = bookable.filter((e) => Number(e.price) === 0).at(-1);
  const left = (e) => e.maxParticipants - e.currentParticipants;
  const candidates = events
    .slice(firstFull + 1)
    .filter(
      (e) =>
        Number(e.price) === 0 &&
        e !== takenByBookingTests &&
        left(e) > 0 &&
        left(e) <= 10 &&
        Date.parse(e.date) > Date.now() + 2 * DAY_MS,
    );
  return candidates.reduce((best, e) => (left(e) < left(best) ? e : best), candidates[0]);
}

before(async () => {
  browser = await launchBrowser();
  const events = await api("/api/events");
  event = pickEvent(events);
  assert.ok(event, "the seed data should have a free event with a few places left");
  bookers = await fillEvent(event.id);
  assert.ok(bookers.length > 0);
  assert.equal(await participants(), event.maxParticipants, "the event is full");
  for (const name of ["W", "V", "U"]) {
    const member = await registerMember({ firstName: name === "W" ? "Wren" : name === "V" ? "Vic" : "Uma" });
    people[name] = { member, cookie: await sessionCookie(member) };
  }
});

after(async () => {
  await browser?.close();
});

async function participants() {
  return (await api(`/api/events/${event.id}`)).currentParticipants;
}

/** The event is full and never over: the place freed by a cancellation stays held. */
async function expectAtCapacity() {
  assert.equal(await participants(), event.maxParticipants, "the event stays at capacity, never over");
}

async function entryOf(person) {
  const { status, body } = await apiAs(people[person].cookie, "GET", `/api/events/${event.id}/waitlist`);
  assert.equal(status, 200);
  return body.entry;
}

/** A signed-in page for one of the people; fails the test on page errors. */
async function asPerson(person, options, body) {
  const { context, page, errors } = await openPage(browser, options);
  await signInContext(context, people[person].member);
  try {
    await body(page, context);
    assert.deepEqual(errors.map(String), [], "the page logged errors");
  } finally {
    await context.close();
  }
}

function bookingCard(page) {
  return page.getByRole("complementary", { name: "Booking" });
}

function toast(page, text) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function isFocused(locator) {
  return locator.evaluate((el) => el === document.activeElement);
}

function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`)
    .join("\n");
}

const AXE_VIEWS = [
  ["light", DESKTOP],
  ["dark", DESKTOP],
  ["light", MOBILE],
  ["dark", MOBILE],
];

/** axe on the event page as `person` sees it, in each theme and size; `ready` waits for the state. */
async function axeEventPage(person, ready, extraStep) {
  const failures = [];
  for (const [colorScheme, viewport] of AXE_VIEWS) {
    await asPerson(person, { colorScheme, viewport }, async (page) => {
      await goto(page, `/events/${event.id}`);
      await ready(bookingCard(page));
      const label = `${colorScheme} ${viewport.width} px`;
      const violations = await axeViolations(page);
      if (violations.length > 0) failures.push(`${label}\n${describeViolations(violations)}`);
      if (extraStep) {
        await extraStep(page);
        const more = await axeViolations(page);
        if (more.length > 0) failures.push(`${label}, after the extra step\n${describeViolations(more)}`);
      }
    });
  }
  assert.equal(failures.join("\n\n"), "", "axe found accessibility violations");
}

describe("waitlist (/events/{id} when full)", () => {
  test("a visitor sees Event Full and a way to log in for the waitlist", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await goto(page, `/events/${event.id}`);
      const card = bookingCard(page);
      await card.getByRole("heading", { name: "Event Full" }).waitFor();
      await card.getByText("No spots left").waitFor();
      assert.equal(await card.getByRole("button", { name: "Join the Waitlist" }).count(), 0);
      await card.getByRole("link", { name: "Log in to join the waitlist" }).click();
      await page.waitForURL(`${BASE_URL}/login`);
      assert.equal(await page.evaluate(() => localStorage.getItem("returnUrl")), `/events/${event.id}`);
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("a member joins from the event page and sees their place in the queue", () =>
    asPerson("W", {}, async (page) => {
      await goto(page, `/events/${event.id}`);
      const card = bookingCard(page);
      await card.getByRole("heading", { name: "Event Full" }).waitFor();
      await card.getByText(/hold it for you for 12 hours/).waitFor();
      await card.getByRole("button", { name: "Join the Waitlist" }).click();

      const heading = card.getByRole("heading", { name: "You're on the Waitlist" });
      await heading.waitFor();
      assert.equal(await isFocused(heading), true, "focus moves to the new state's heading");
      await card.getByText("You're number 1 on the waitlist").waitFor();
      await card.getByText("You're next in line.").waitFor();
      await toast(page, "You're on the Waitlist").waitFor();
      assert.deepEqual(
        { status: (await entryOf("W")).status, position: (await entryOf("W")).position },
        { status: "waiting", position: 1 },
      );

      // Two more join behind; a second join is refused; W is still first after a reload.
      for (const [person, position] of [["V", 2], ["U", 3]]) {
        const { status, body } = await apiAs(people[person].cookie, "POST", `/api/events/${event.id}/waitlist`);
        assert.equal(status, 201, JSON.stringify(body));
        assert.equal(body.position, position);
      }
      const again = await apiAs(people.V.cookie, "POST", `/api/events/${event.id}/waitlist`);
      assert.equal(again.body.code, "already_waiting");
      await reload(page);
      await card.getByText("You're number 1 on the waitlist").waitFor();
      await expectAtCapacity();
    }));

  test("axe finds no violations in the waiting state (light, dark, 390 px)", () =>
    axeEventPage("V", (card) => card.getByText("You're number 2 on the waitlist").waitFor()));

  test("a cancelled place is held for the first in line, who is emailed a link to claim it", async () => {
    // A booker cancels from My Bookings in their own browser.
    const booker = bookers[0];
    const { context, page, errors } = await openPage(browser);
    await signInContext(context, booker.member);
    try {
      await goto(page, "/bookings");
      const item = page.getByRole("article", { name: event.title });
      await item.getByRole("button", { name: /^Cancel Booking/ }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Cancel Booking" }).click();
      await item.getByText("Status: Cancelled", { exact: true }).waitFor();
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
    // Held for W, so the event still shows full to everyone else.
    await expectAtCapacity();

    const mail = await waitForEmail(people.W.member.email, /^A place is free for you: /);
    assert.equal(mail.subject, `A place is free for you: ${event.title}`);
    assert.equal(linkTo(mail, `/events/${event.id}`), `/events/${event.id}`);
    const w = await entryOf("W");
    assert.equal(w.status, "offered");
    assert.ok(Date.parse(w.offerExpiresAt) > Date.now() + 11 * 60 * 60 * 1000, "held for about 12 hours");
    assert.deepEqual([(await entryOf("V")).position, (await entryOf("U")).position], [1, 2]);
    people.W.offerEmail = mail;
  });

  test("axe finds no violations in the offered state and its Let It Go dialog (light, dark, 390 px)", () =>
    axeEventPage(
      "W",
      (card) => card.getByRole("heading", { name: "A place is free for you" }).waitFor(),
      async (page) => {
        await bookingCard(page).getByRole("button", { name: "Let It Go" }).click();
        await page.getByRole("alertdialog", { name: "Let this place go?" }).waitFor();
      },
    ));

  test("the offered member follows the email's link and claims the place with the keyboard alone", () =>
    asPerson("W", {}, async (page) => {
      await goto(page, linkTo(people.W.offerEmail, `/events/${event.id}`));
      const card = bookingCard(page);
      await card.getByRole("heading", { name: "A place is free for you" }).waitFor();
      // The page names the same deadline as the email.
      const heldUntil = (await card.locator("time").textContent()).trim();
      assert.ok(people.W.offerEmail.text.includes(`We're holding it for you until ${heldUntil}.`), heldUntil);
      // The card's header names the held place, not "No spots left".
      await card.getByText("A place is held for you").waitFor();
      assert.equal(await card.getByText("No spots left").count(), 0);

      const tabTo = (name) => tabUntil(page, name);
      await tabTo(/Accessibility Requirements/);
      await page.keyboard.type("Step-free access, please");
      await tabTo(/I agree to the terms and conditions/);
      await page.keyboard.press("Space");
      await tabTo(/^Claim My Place$/);
      await page.keyboard.press("Enter");

      const heading = card.getByRole("heading", { name: "Booking Confirmed!" });
      await heading.waitFor();
      assert.equal(await isFocused(heading), true, "focus moves to the booking");
      await card.getByText("You have a place").waitFor();
      const reference = (await card.getByTestId("booking-reference").textContent()).trim();
      assert.match(reference, /^PS-[A-Z0-9]{6}$/);
      await toast(page, `Your booking reference is ${reference}.`).waitFor();
      await expectAtCapacity();

      const bookings = await page.evaluate(() => fetch("/api/bookings").then((r) => r.json()));
      const booking = bookings.find((b) => b.eventId === event.id);
      assert.equal(booking.reference, reference);
      assert.equal(booking.status, "confirmed");
      assert.equal(booking.paymentMethod, "cash");
      assert.equal(booking.accessibilityRequirements, "Step-free access, please");
      assert.equal((await entryOf("W")).status, "claimed");
      await waitForEmail(people.W.member.email, new RegExp(`^Booking confirmed: .*\\(${reference}\\)$`));

      // Next visit: their booking, not the waitlist; and no second offer.
      await reload(page);
      await card.getByRole("heading", { name: "You're Booked" }).waitFor();
      await card.getByText(reference).waitFor();
      const rejoin = await apiAs(people.W.cookie, "POST", `/api/events/${event.id}/waitlist`);
      assert.equal(rejoin.status, 409);
    }));

  test("letting an offer go passes the place to the next person at once", async () => {
    const cancelled = await apiAs(bookers[1].cookie, "POST", `/api/bookings/${bookers[1].booking.id}/cancel`, {});
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    await expectAtCapacity();
    await waitForEmail(people.V.member.email, /^A place is free for you: /);

    await asPerson("V", {}, async (page) => {
      await goto(page, `/events/${event.id}`);
      const card = bookingCard(page);
      await card.getByRole("heading", { name: "A place is free for you" }).waitFor();
      await card.getByRole("button", { name: "Let It Go" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Let this place go?" });
      await dialog.getByText("This cannot be undone.").waitFor();
      await dialog.getByRole("button", { name: "Keep My Place" }).click();
      assert.equal((await entryOf("V")).status, "offered", "kept");

      await card.getByRole("button", { name: "Let It Go" }).click();
      await dialog.getByRole("button", { name: "Yes, Let It Go" }).click();
      const heading = card.getByRole("heading", { name: "Offer Passed On" });
      await heading.waitFor();
      assert.equal(await isFocused(heading), true, "focus moves to the new state's heading");
      await toast(page, "Place Passed On").waitFor();
      assert.equal(await card.getByRole("button", { name: "Join the Waitlist" }).count(), 0);
    });

    assert.equal((await entryOf("V")).status, "expired");
    const rejoin = await apiAs(people.V.cookie, "POST", `/api/events/${event.id}/waitlist`);
    assert.deepEqual([rejoin.status, rejoin.body.code], [409, "already_offered"]);
    assert.equal((await entryOf("U")).status, "offered", "passed on to the next person");
    await waitForEmail(people.U.member.email, /^A place is free for you: /);
    await expectAtCapacity();
  });
});

describe("claiming an offer by card (a priced event's waitlist)", () => {
  let paid;
  let claimer;
  let next;

  before(async () => {
    const asAdmin = await adminCookie();
    paid = await createEventAs(asAdmin, {
      title: `Waitlist Card Claim ${Date.now()}`,
      category: "Tennis",
      price: "6.50",
      maxParticipants: 1,
      date: new Date(Date.now() + 9 * DAY_MS).toISOString(),
    });
    const holder = await registerMember({ firstName: "Hana" });
    const held = await bookFor(holder, paid.id);
    claimer = await registerMember({ firstName: "Kofi" });
    next = await registerMember({ firstName: "Lena" });
    for (const member of [claimer, next]) {
      const { status, body } = await apiAs(await sessionCookie(member), "POST", `/api/events/${paid.id}/waitlist`);
      assert.equal(status, 201, JSON.stringify(body));
    }
    const cancelled = await apiAs(await sessionCookie(holder), "POST", `/api/bookings/${held.id}/cancel`, {});
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    await waitForEmail(claimer.email, /^A place is free for you: /);
  });

  test("the offered member chooses card, pays at the checkout and has the place", async () => {
    const { context, page, errors } = await openPage(browser);
    await signInContext(context, claimer);
    const axe = axeChecker(page);
    const entry = async (member) =>
      (await apiAs(await sessionCookie(member), "GET", `/api/events/${paid.id}/waitlist`)).body.entry;
    try {
      await goto(page, `/events/${paid.id}`);
      const card = bookingCard(page);
      await card.getByRole("heading", { name: "A place is free for you" }).waitFor();
      const payment = card.getByRole("group", { name: "Payment Method" });
      assert.equal(await payment.getByRole("radio", { name: /^Pay cash on arrival/ }).isChecked(), true, "cash by default");
      await card.getByText("£6.50, pay cash on arrival").waitFor();
      await payment.getByRole("radio", { name: /^Pay by card now/ }).check();
      await card.getByText("£6.50, pay by card now").waitFor();
      await card.getByText(/We never see or store your card details/).waitFor();
      await card.getByRole("textbox", { name: /^Accessibility Requirements/ }).fill("Hearing loop, please");
      await card.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await axe.check("the offer with card chosen");
      await card.getByRole("button", { name: "Claim and Pay (£6.50)" }).click();

      // The app's own checkout (no Stripe key in tests): the offer is used and the place
      // stays held for the payment, not passed on.
      await page.waitForURL(/\/checkout\/cs_/);
      assert.equal((await api(`/api/events/${paid.id}`)).currentParticipants, 1, "held, never over");
      assert.equal((await entry(claimer)).status, "claimed");
      assert.equal((await entry(next)).status, "waiting");
      await page.getByRole("button", { name: "Pay £6.50" }).click();

      await page.waitForURL(/\/success\?session_id=/);
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      const reference = (await page.getByTestId("booking-reference").textContent()).trim();
      assert.match(reference, /^PS-[A-Z0-9]{6}$/);
      await page.getByText("Payment: Paid", { exact: true }).waitFor();
      await page.getByText("Hearing loop, please").waitFor();
      await axe.check("the payment's success page");
      await waitForEmail(claimer.email, new RegExp(`^Payment received: .*\\(${reference}\\)$`));

      const bookings = await page.evaluate(() => fetch("/api/bookings").then((r) => r.json()));
      const booking = bookings.find((b) => b.eventId === paid.id);
      assert.deepEqual(
        [booking.reference, booking.status, booking.paymentStatus, booking.paymentMethod],
        [reference, "confirmed", "paid", "card"],
      );
      assert.equal((await api(`/api/events/${paid.id}`)).currentParticipants, 1);

      // Back on the event page: the place, not the offer.
      await goto(page, `/events/${paid.id}`);
      await card.getByRole("heading", { name: "You're Booked" }).waitFor();
      await card.getByText(reference).waitFor();
      assert.deepEqual(errors.map(String), [], "the page logged errors");
      axe.assertClean();
    } finally {
      await context.close();
    }
  });
});
