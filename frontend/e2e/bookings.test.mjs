// Booking and payments in the browser against the real server: cash booking with the
// server's reference and its .ics, card booking through the local checkout to /success,
// leaving the checkout (/cancel releases the place), cancelling from My Bookings,
// booking with the keyboard alone, choosing a membership plan, and axe on every new page.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import {
  api,
  axeChecker,
  axeViolations,
  BASE_URL,
  goto,
  launchBrowser,
  MOBILE,
  openPage,
  registerMember,
  signInContext,
  tabUntil,
  waitForEmail,
} from "./helpers.mjs";

let browser;
/** Paid events with places left that start more than a day from now, a different one per test. */
let paidEvents;
let freeEvent;
/** The paid event with the fewest places left, for a test that fills it. */
let scarceEvent;
// The first is kept for the card flow of the axe tests.
let nextPaid = 1;

before(async () => {
  browser = await launchBrowser();
  const events = await api("/api/events");
  const bookable = events.filter(
    (event) =>
      event.currentParticipants + 3 <= event.maxParticipants &&
      Date.parse(event.date) > Date.now() + 24 * 60 * 60 * 1000,
  );
  // From the end of the list: the other browser tests look at the first events.
  paidEvents = bookable.filter((event) => Number(event.price) > 0).reverse();
  const left = (event) => event.maxParticipants - event.currentParticipants;
  scarceEvent = paidEvents.reduce((best, event) => (left(event) < left(best) ? event : best));
  paidEvents = paidEvents.filter((event) => event !== scarceEvent);
  freeEvent = bookable.filter((event) => Number(event.price) === 0).at(-1);
  assert.ok(paidEvents.length >= 10, "the seed data should have paid events with places left");
  assert.ok(freeEvent, "the seed data should have a free event with places left");
});

after(async () => {
  await browser?.close();
});

function takePaidEvent() {
  const event = paidEvents[nextPaid];
  nextPaid += 1;
  assert.ok(event, "ran out of paid events for the tests");
  return event;
}

const pounds = (price) => `£${Number(price).toFixed(2)}`;

async function participants(eventId) {
  return (await api(`/api/events/${eventId}`)).currentParticipants;
}

async function waitForParticipants(eventId, expected) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const count = await participants(eventId);
    if (count === expected) return;
    if (Date.now() > deadline) assert.equal(count, expected, "participant count");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A signed-in page for a new member; fails the test on page errors. */
async function withMember(options, body, memberOverrides = {}) {
  const member = await registerMember(memberOverrides);
  const { context, page, errors } = await openPage(browser, options);
  await signInContext(context, member);
  try {
    await body(page, member, context);
    assert.deepEqual(errors.map(String), [], "the page logged errors");
  } finally {
    await context.close();
  }
}

function toast(page, text) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** The calendar file's lines, unfolded and unescaped enough to compare. */
function icsLines(text) {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => line.replace(/\\,/g, ",").replace(/\\;/g, ";").replace(/\\n/g, "\n").replace(/\\\\/g, "\\"));
}

function icsUtc(iso) {
  return new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Clicks 'Download Calendar' and checks the saved file against the booking and event. */
async function downloadCalendar(page, reference, event) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Calendar" }).first().click(),
  ]);
  assert.equal(download.suggestedFilename(), `${reference}.ics`);
  const raw = await readFile(await download.path(), "utf8");
  assert.match(raw, /^BEGIN:VCALENDAR\r\n/);
  assert.match(raw, /END:VCALENDAR\r\n$/);
  const lines = icsLines(raw);
  assert.ok(lines.includes("BEGIN:VEVENT"));
  assert.ok(lines.some((line) => line.startsWith("UID:")), "UID");
  assert.ok(lines.some((line) => line.startsWith("DTSTAMP:")), "DTSTAMP");
  assert.ok(lines.includes(`DTSTART:${icsUtc(event.date)}`), `DTSTART of ${event.date}`);
  const end = new Date(Date.parse(event.date) + event.duration * 60_000).toISOString();
  assert.ok(lines.includes(`DTEND:${icsUtc(end)}`), `DTEND of ${end}`);
  assert.ok(lines.some((line) => line.startsWith("SUMMARY:") && line.includes(event.title)), "SUMMARY");
  assert.ok(lines.some((line) => line.startsWith("LOCATION:") && line.includes(event.location)), "LOCATION");
  assert.ok(lines.some((line) => line.startsWith("DESCRIPTION:") && line.includes(reference)), "DESCRIPTION");
}

/** Fills the booking form's boxes that a new member's profile does not already fill. */
async function expectPrefilled(page, member) {
  const box = (name) => page.getByRole("textbox", { name, exact: true });
  assert.equal(await box("First Name").inputValue(), member.firstName);
  assert.equal(await box("Last Name").inputValue(), member.lastName);
  assert.equal(await box("Email Address").inputValue(), member.email);
  assert.equal(await box("Phone Number").inputValue(), member.phone);
  assert.equal(await box("Emergency Contact").inputValue(), member.emergencyContactName);
  assert.equal(await box("Emergency Phone").inputValue(), member.emergencyContactPhone);
  assert.equal(await page.getByRole("spinbutton", { name: "Age" }).inputValue(), "18");
  assert.equal(await page.getByRole("radio", { name: /^Pay cash on arrival/ }).isChecked(), true);
}

describe("booking form (/booking/{id})", () => {
  test("sends a visitor to log in and back to the form", async () => {
    const event = paidEvents[0];
    const member = await registerMember();
    const { context, page, errors } = await openPage(browser);
    try {
      await goto(page, `/booking/${event.id}`);
      await page.waitForURL(`${BASE_URL}/login`);
      assert.equal(await page.evaluate(() => localStorage.getItem("returnUrl")), `/booking/${event.id}`);
      await page.getByRole("textbox", { name: "Email Address" }).fill(member.email);
      await page.getByLabel("Password", { exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL(`${BASE_URL}/booking/${event.id}`);
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("shows Event Not Found for an unknown event", () =>
    withMember({}, async (page) => {
      await goto(page, "/booking/00000000-0000-7000-8000-000000000000");
      await page.getByRole("heading", { name: "Event Not Found", level: 1 }).waitFor();
      await page.getByText("The event you're looking for doesn't exist.").waitFor();
      assert.equal(await page.getByRole("link", { name: "Back to Events" }).getAttribute("href"), "/events");
    }));

  test("books with cash: the spec's messages, the server's reference, the email and the .ics", () =>
    withMember({}, async (page, member) => {
      const event = takePaidEvent();
      const before = await participants(event.id);
      await goto(page, `/booking/${event.id}`);
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
      await page.getByText(`${event.maxParticipants - before} of ${event.maxParticipants}`).waitFor();
      await expectPrefilled(page, member);

      // The spec's validation messages, each tied to its field.
      await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("");
      await page.getByRole("spinbutton", { name: "Age" }).fill("130");
      await page.getByRole("button", { name: `Confirm Booking - ${pounds(event.price)}` }).click();
      await page.getByText("Phone number is required").waitFor();
      await page.getByText("Please enter a valid age").waitFor();
      await page.getByText("You must agree to the terms and conditions").waitFor();
      const phone = page.getByRole("textbox", { name: "Phone Number", exact: true });
      assert.equal(await phone.evaluate((el) => el === document.activeElement), true, "focus on the first error");
      assert.equal(await phone.getAttribute("aria-invalid"), "true");
      const describedBy = await phone.getAttribute("aria-describedby");
      assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), "Phone number is required");

      await phone.fill(member.phone);
      await page.getByRole("spinbutton", { name: "Age" }).fill("34");
      await page.getByRole("textbox", { name: /^Accessibility Requirements/ }).fill("Step-free access, please");
      await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await page.getByRole("button", { name: `Confirm Booking - ${pounds(event.price)}` }).click();

      const heading = page.getByRole("heading", { name: "Booking Confirmed!", level: 1 });
      await heading.waitFor();
      assert.equal(await heading.evaluate((el) => el === document.activeElement), true, "focus on the confirmation");
      await page.getByText("Thank you for booking with PlaySpace. We're excited to see you at the event!").waitFor();
      const reference = (await page.getByTestId("booking-reference").textContent()).trim();
      assert.match(reference, /^PS-[A-Z0-9]{6}$/);
      await toast(page, `Your booking reference is ${reference}. Check your email for details.`).waitFor();
      await page.getByText(/arrive 15 minutes early/).waitFor();
      assert.equal(await page.getByRole("link", { name: "Browse More Events" }).getAttribute("href"), "/events");

      const bookings = await page.evaluate(() => fetch("/api/bookings").then((r) => r.json()));
      const booking = bookings.find((b) => b.reference === reference);
      assert.equal(booking.eventId, event.id);
      assert.equal(booking.status, "confirmed");
      assert.equal(booking.paymentMethod, "cash");
      assert.equal(booking.accessibilityRequirements, "Step-free access, please");
      assert.equal(await participants(event.id), before + 1);

      await downloadCalendar(page, reference, event);
      const mail = await waitForEmail(member.email, new RegExp(`^Booking confirmed: .*\\(${reference}\\)$`));
      assert.match(mail.text, new RegExp(reference));
    }));

  test("offers an existing booking instead of a second form", () =>
    withMember({}, async (page, member, context) => {
      const event = takePaidEvent();
      const response = await context.request.post(`${BASE_URL}/api/bookings`, {
        data: { eventId: event.id, accessibilityRequirements: null },
      });
      const booking = await response.json();
      await goto(page, `/booking/${event.id}`);
      await page.getByText("You're already booked").waitFor();
      await page.getByText(booking.reference).waitFor();
      assert.equal(await page.getByRole("button", { name: /^Confirm Booking/ }).count(), 0);
      void member;
    }));

  test("keeps the form and says why when the server refuses: the last place went meanwhile", () =>
    withMember({}, async (page) => {
      const event = scarceEvent;
      await goto(page, `/booking/${event.id}`);
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
      await page.getByRole("textbox", { name: /^Accessibility Requirements/ }).fill("Seat near the door");
      await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();

      // Others take every remaining place while this form is open.
      for (let left = event.maxParticipants - (await participants(event.id)); left > 0; left -= 1) {
        const other = await registerMember();
        const login = await fetch(`${BASE_URL}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: other.email, password: other.password }),
        });
        const cookie = login.headers.get("set-cookie").split(";")[0];
        const booked = await fetch(`${BASE_URL}/api/bookings`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookie },
          body: JSON.stringify({ eventId: event.id, accessibilityRequirements: null }),
        });
        assert.equal(booked.status, 201, await booked.text());
      }

      await page.getByRole("button", { name: `Confirm Booking - ${pounds(event.price)}` }).click();
      await toast(page, "Booking Failed").waitFor();
      const alert = page.getByRole("alert").filter({ hasText: "Booking Failed" });
      await alert.waitFor();
      const message = (await alert.textContent()).replace("Booking Failed", "").trim();
      assert.ok(message.length > 0 && message !== "Please try again or contact support.", `server message: ${message}`);
      await toast(page, message).waitFor();
      assert.equal(await alert.evaluate((el) => el === document.activeElement), true, "focus on the reason");
      // The form is kept as it was, and now knows the event is full.
      assert.equal(await page.getByRole("textbox", { name: /^Accessibility Requirements/ }).inputValue(), "Seat near the door");
      assert.equal(await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).isChecked(), true);
      await page.getByRole("button", { name: "Event Full" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Event Full" }).isDisabled(), true);
    }));

  test("says 'Booking failed' when the server answers without a reason (spec section 8)", () =>
    withMember({}, async (page) => {
      const event = takePaidEvent();
      // A proxy in the way answering for the server: no reason in its answer.
      await page.route("**/api/bookings", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad gateway</body></html>" })
          : route.fallback(),
      );
      await goto(page, `/booking/${event.id}`);
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
      await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await page.getByRole("button", { name: `Confirm Booking - ${pounds(event.price)}` }).click();
      await toast(page, "Booking Failed").filter({ hasText: "Booking failed" }).waitFor();
      const alert = page.getByRole("alert").filter({ hasText: "Booking Failed" });
      assert.equal((await alert.textContent()).replace("Booking Failed", "").trim(), "Booking failed");
      // Nothing was booked: the form is there to try again.
      assert.equal(await page.getByRole("button", { name: `Confirm Booking - ${pounds(event.price)}` }).isEnabled(), true);
    }));

  test("books with the keyboard alone", () =>
    withMember({}, async (page) => {
      const event = takePaidEvent();
      await goto(page, `/booking/${event.id}`);
      await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();

      const tabTo = (name) => tabUntil(page, name);

      await tabTo(/^Accessibility Requirements/);
      await page.keyboard.type("A quiet space to start, please");
      // Submitting without agreeing puts focus on the terms box.
      await tabTo(/^Confirm Booking/);
      await page.keyboard.press("Enter");
      await page.getByText("You must agree to the terms and conditions").waitFor();
      const terms = page.getByRole("checkbox", { name: /I agree to the terms and conditions/ });
      assert.equal(await terms.evaluate((el) => el === document.activeElement), true);
      await page.keyboard.press("Space");
      assert.equal(await terms.isChecked(), true);
      await tabTo(/^Confirm Booking/);
      await page.keyboard.press("Enter");
      const heading = page.getByRole("heading", { name: "Booking Confirmed!", level: 1 });
      await heading.waitFor();
      assert.equal(await heading.evaluate((el) => el === document.activeElement), true);
      const reference = (await page.getByTestId("booking-reference").textContent()).trim();
      // On to the calendar file by keyboard.
      await tabTo(/Download Calendar/);
      const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
      assert.equal(download.suggestedFilename(), `${reference}.ics`);
    }));
});

describe("card payment", () => {
  test("Book Your Spot on the event page: terms gate the button, then the local checkout, Pay, /success", () =>
    withMember({}, async (page, member) => {
      const event = takePaidEvent();
      const before = await participants(event.id);
      await goto(page, `/events/${event.id}`);
      const card = page.getByRole("complementary", { name: "Booking" });
      await card.getByRole("heading", { name: "Book Your Spot" }).waitFor();
      await card.getByText(`${before}/${event.maxParticipants}`).waitFor();
      await card.getByText(`${pounds(event.price)} per person`).waitFor();
      await card.getByText(member.email).waitFor();
      const proceed = card.getByRole("button", { name: `Proceed to Payment (${pounds(event.price)})` });
      assert.equal(await proceed.isDisabled(), true, "disabled until the terms are ticked");
      assert.equal(await card.getByRole("link", { name: /terms and conditions/ }).getAttribute("href"), "/terms");
      await card.getByRole("textbox", { name: /^Accessibility Requirements/ }).fill("BSL interpreter if possible");
      await card.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await proceed.click();

      // The app's own checkout page (no Stripe key in tests); the place is held meanwhile.
      await page.waitForURL(/\/checkout\/cs_/);
      assert.equal(await participants(event.id), before + 1);
      await page.getByRole("button", { name: `Pay ${pounds(event.price)}` }).click();

      await page.waitForURL(/\/success\?session_id=/);
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      const reference = (await page.getByTestId("booking-reference").textContent()).trim();
      assert.match(reference, /^PS-[A-Z0-9]{6}$/);
      await page.getByText("Payment: Paid", { exact: true }).waitFor();
      await page.getByText("BSL interpreter if possible").waitFor();
      await page.getByText(/Arrive 15 minutes early/).waitFor();
      assert.equal(await page.getByRole("link", { name: "Browse More Events" }).getAttribute("href"), "/events");
      assert.equal(await page.getByRole("link", { name: "Set Your Preferences" }).getAttribute("href"), "/preferences");
      assert.equal(await participants(event.id), before + 1);
      await waitForEmail(member.email, new RegExp(`^Payment received: .*\\(${reference}\\)$`));

      // The event page now shows the place instead of a second payment.
      await goto(page, `/events/${event.id}`);
      await card.getByRole("heading", { name: "You're Booked" }).waitFor();
      await card.getByText(reference).waitFor();
    }));

  test("leaving the checkout goes to /cancel and releases the held place", () =>
    withMember({}, async (page) => {
      const event = takePaidEvent();
      const before = await participants(event.id);
      await goto(page, `/booking/${event.id}`);
      await page.getByRole("radio", { name: /^Pay by card now/ }).check();
      await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await page.getByRole("button", { name: `Confirm Booking - ${pounds(event.price)}` }).click();
      await page.waitForURL(/\/checkout\/cs_/);
      assert.equal(await participants(event.id), before + 1, "held while paying");

      await page.getByRole("button", { name: "Cancel" }).click();
      await page.waitForURL(/\/cancel\?booking_id=/);
      await page.getByRole("heading", { name: "Payment Cancelled" }).waitFor();
      await waitForParticipants(event.id, before);
      assert.equal(await page.getByRole("main").getByRole("link", { name: "Browse Events" }).getAttribute("href"), "/events");
      const main = page.getByRole("main");
      assert.equal(await main.getByRole("link", { name: "Contact Us" }).getAttribute("href"), "/contact");
      await page.getByRole("link", { name: "Back to the Event" }).waitFor();
      assert.equal(await page.getByRole("link", { name: "Back to the Event" }).getAttribute("href"), `/events/${event.id}`);

      const bookings = await page.evaluate(() => fetch("/api/bookings").then((r) => r.json()));
      assert.equal(bookings.find((b) => b.eventId === event.id)?.status, "cancelled");
    }));

  test("/success without a known session shows Payment Error", () =>
    withMember({}, async (page) => {
      await goto(page, "/success?session_id=cs_nope");
      await page.getByRole("heading", { name: "Payment Error" }).waitFor();
      await page.getByText("No payment session found").waitFor();
      assert.equal(await page.getByRole("link", { name: "Back to Events" }).getAttribute("href"), "/events");
    }));

  test("a free event is booked straight from the event page", () =>
    withMember({}, async (page) => {
      await goto(page, `/events/${freeEvent.id}`);
      const card = page.getByRole("complementary", { name: "Booking" });
      await card.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
      await card.getByRole("button", { name: "Book Free Place" }).click();
      await card.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
      const reference = (await card.getByTestId("booking-reference").textContent()).trim();
      await toast(page, `Your booking reference is ${reference}. Check your email for details.`).waitFor();
      await downloadCalendar(page, reference, freeEvent);
    }));
});

describe("My Bookings (/bookings)", () => {
  test("lists upcoming bookings and cancels one after asking", () =>
    withMember({}, async (page, member, context) => {
      const event = takePaidEvent();
      const response = await context.request.post(`${BASE_URL}/api/bookings`, {
        data: { eventId: event.id, accessibilityRequirements: null },
      });
      const booking = await response.json();
      const before = await participants(event.id);

      await goto(page, "/bookings");
      await page.getByRole("heading", { name: "My Bookings", level: 1 }).waitFor();
      const item = page.getByRole("article", { name: event.title });
      await item.getByText(booking.reference).waitFor();
      await item.getByText("Status: Confirmed", { exact: true }).waitFor();
      await item.getByText("Pay cash on arrival").waitFor();
      await page.getByRole("heading", { name: /^Past/ }).waitFor();

      await item.getByRole("button", { name: /^Cancel Booking/ }).click();
      const dialog = page.getByRole("alertdialog", { name: "Cancel this booking?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Keep Booking" }).click();
      assert.equal(await participants(event.id), before);

      await item.getByRole("button", { name: /^Cancel Booking/ }).click();
      await dialog.getByRole("button", { name: "Yes, Cancel Booking" }).click();
      await toast(page, "Booking Cancelled").waitFor();
      await item.getByText("Status: Cancelled", { exact: true }).waitFor();
      assert.equal(await item.getByRole("button", { name: /^Cancel Booking/ }).count(), 0);
      const heading = item.getByRole("heading", { name: event.title });
      assert.equal(await heading.evaluate((el) => el === document.activeElement), true, "focus kept on the booking");
      assert.equal(await participants(event.id), before - 1);
      await waitForEmail(member.email, new RegExp(`^Booking cancelled: .*\\(${booking.reference}\\)$`));
    }));

  test("shows the empty state to someone with no bookings", () =>
    withMember({}, async (page) => {
      await goto(page, "/bookings");
      await page.getByRole("heading", { name: "No bookings yet" }).waitFor();
      assert.equal(await page.getByRole("link", { name: "Browse Events" }).getAttribute("href"), "/events");
    }));
});

describe("membership (/membership)", () => {
  test("asks a visitor to log in to choose a plan", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await goto(page, "/membership");
      await page.getByRole("heading", { name: "Join Our Community", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Choose Community" }).click();
      await toast(page, "Please login to select a membership plan").waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem("returnUrl")), "/membership");
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("Community is chosen at once; Active goes through the checkout", () =>
    withMember({}, async (page) => {
      await goto(page, "/membership");
      const community = page.getByRole("region", { name: "Community", exact: true });
      await community.getByText("Free", { exact: true }).waitFor();
      await community.getByRole("button", { name: "Choose Community" }).click();
      await toast(page, "Membership Created!").waitFor();
      await toast(page, "Welcome to PlaySpace! You can now access all your membership benefits.").waitFor();
      await community.getByRole("button", { name: "Your Current Plan" }).waitFor();
      const list = await page.evaluate(() => fetch("/api/memberships").then((r) => r.json()));
      assert.equal(list[0].plan, "community");
      assert.equal(list[0].status, "active");

      const active = page.getByRole("region", { name: "Active", exact: true });
      await active.getByText("Most Popular").waitFor();
      await active.getByText("£15.00").waitFor();
      await active.getByRole("button", { name: "Choose Active" }).click();
      await page.waitForURL(/\/checkout\/cs_/);
      await page.getByRole("button", { name: "Pay £15.00" }).click();
      await page.waitForURL(`${BASE_URL}/membership`);
      await toast(page, "Membership Created!").waitFor();
      await active.getByRole("button", { name: "Your Current Plan" }).waitFor();
      await page.getByText("You're on the Active plan", { exact: false }).waitFor();

      // The third plan, from the same server list: the supporter's extra pays for others.
      const supporter = page.getByRole("region", { name: "Supporter", exact: true });
      await supporter.getByText("£30.00").waitFor();
      assert.match(await supporter.textContent(), /solidarity places/);
      assert.equal(await page.getByRole("button", { name: /^Choose / }).count(), 2, "Community and Supporter");

      // Cancelling the paid plan: asked first, then it runs to the end of the paid month.
      const axe = axeChecker(page);
      await page.getByRole("button", { name: "Cancel plan" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Cancel your Active plan?" });
      await dialog.getByText("It stops renewing", { exact: false }).waitFor();
      await axe.check("membership: cancel plan dialog");
      await dialog.getByRole("button", { name: "Yes, Cancel Plan" }).click();
      await toast(page, "Plan cancelled").waitFor();
      await toast(page, "Your Active plan ends on").waitFor();
      const status = page.getByRole("status").filter({ hasText: "It won't renew." });
      await status.waitFor();
      assert.match(await status.textContent(), /You're on the Active plan, until \w+ \d{1,2} \w+ \d{4}\./);
      assert.equal(await page.getByRole("button", { name: "Cancel plan" }).count(), 0);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("role")), "status", "focus is not lost");
      const [ended] = await page.evaluate(() => fetch("/api/memberships").then((r) => r.json()));
      assert.equal(ended.status, "active", "its benefits last until its end");
      const days = (Date.parse(ended.endDate) - Date.now()) / 86_400_000;
      assert.ok(days > 27 && days < 32, `ends a month on, not in ${days} days`);
      await axe.check("membership: plan ending");
      axe.assertClean();
    }));
});

// ---------- axe ----------

function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`)
    .join("\n");
}

describe("axe finds no violations on the booking pages", () => {
  for (const [colorScheme, viewport] of [
    ["light", undefined],
    ["dark", undefined],
    ["dark", MOBILE],
  ]) {
    test(`${colorScheme}${viewport ? " at 390 px" : ""}`, () =>
      withMember({ colorScheme, ...(viewport ? { viewport } : {}) }, async (page, member) => {
        const failures = [];
        const check = async (label) => {
          // Toasts fade in: judge their colours once they are fully shown.
          await page.waitForFunction(() =>
            [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"),
          );
          const violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`${label}\n${describeViolations(violations)}`);
        };
        const event = takePaidEvent();
        const cardEvent = paidEvents[0];

        await goto(page, `/events/${cardEvent.id}`);
        await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
        await check("event page, Book Your Spot");

        await goto(page, `/booking/${event.id}`);
        await page.getByRole("heading", { name: "Book Your Spot" }).waitFor();
        await check("booking form");
        await page.getByRole("textbox", { name: "First Name", exact: true }).fill("");
        await page.getByRole("button", { name: /^Confirm Booking/ }).click();
        await page.getByText("You must agree to the terms and conditions").waitFor();
        await check("booking form with errors");
        await page.getByRole("textbox", { name: "First Name", exact: true }).fill(member.firstName);
        await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
        await page.getByRole("button", { name: /^Confirm Booking/ }).click();
        await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
        await check("booking confirmed");

        await goto(page, "/booking/00000000-0000-7000-8000-000000000000");
        await page.getByRole("heading", { name: "Event Not Found" }).waitFor();
        await check("booking: event not found");

        await goto(page, "/bookings");
        await page.getByRole("article", { name: event.title }).waitFor();
        await check("my bookings");
        await page.getByRole("button", { name: /^Cancel Booking/ }).first().click();
        await page.getByRole("alertdialog").waitFor();
        await check("cancel dialog");
        await page.keyboard.press("Escape");

        await goto(page, "/success?session_id=cs_nope");
        await page.getByRole("heading", { name: "Payment Error" }).waitFor();
        await check("payment error");

        await goto(page, `/cancel?booking_id=${crypto.randomUUID()}`);
        await page.getByRole("heading", { name: "Payment Cancelled" }).waitFor();
        await check("payment cancelled");

        await goto(page, "/membership");
        await page.getByRole("heading", { name: "Join Our Community" }).waitFor();
        await page.getByText("How many sessions can I book on the Community plan?").click();
        await check("membership");

        // The card flow's /success page.
        await goto(page, `/events/${cardEvent.id}`);
        await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
        await page.getByRole("button", { name: /^Proceed to Payment/ }).click();
        await page.waitForURL(/\/checkout\/cs_/);
        await page.getByRole("button", { name: /^Pay £/ }).click();
        await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
        await check("payment successful");

        assert.equal(failures.join("\n\n"), "", "axe found accessibility violations");
      }));
  }

  test("membership for a visitor, light and dark", async () => {
    for (const colorScheme of ["light", "dark"]) {
      const { context, page } = await openPage(browser, { colorScheme });
      try {
        await goto(page, "/membership");
        await page.getByRole("heading", { name: "Join Our Community" }).waitFor();
        const violations = await axeViolations(page);
        assert.equal(describeViolations(violations), "", colorScheme);
      } finally {
        await context.close();
      }
    }
  });
});
