import type { ReactNode } from "react";
import { LegalPage, LegalSection, TextLink } from "@/features/legal/components/legal-page";

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <>
      <h3>{question}</h3>
      <p>{children}</p>
    </>
  );
}

export default function HelpPage() {
  return (
    <LegalPage
      title="Help Center"
      summary="Quick answers about booking, paying, cancelling, waiting lists and your account. Can't find yours? Ask us through the contact form."
    >
      <LegalSection id="booking" title="Booking">
        <Question question="How do I book a session?">
          Find a session on the <TextLink to="/events">Events</TextLink> page, open it and sign
          in. Fill in the booking form, choose how to pay, tick the box to agree to the terms and
          book. You get a booking reference (it starts with PS) on screen and by email.
        </Question>
        <Question question="Do I need an account?">
          Yes: <TextLink to="/signup">create a free account</TextLink> to book, so your leader
          knows who is coming and how to reach your emergency contact if needed.
        </Question>
        <Question question="How many sessions can I book?">
          The free Community plan includes 2 sessions a month. Paid plans have no limit: see{" "}
          <TextLink to="/membership">Membership</TextLink>.
        </Question>
        <Question question="How do I tell the leader about my access needs?">
          Write them in the accessibility requirements box when you book. Only your session
          leader and our admins see it.
        </Question>
        <Question question="Where do I see my bookings?">
          In <TextLink to="/bookings">My Bookings</TextLink>, once you are signed in. A confirmed
          booking also has a calendar file you can download.
        </Question>
      </LegalSection>

      <LegalSection id="paying" title="Paying">
        <Question question="Can I pay in cash?">
          Yes. Choose &ldquo;Pay cash on arrival&rdquo; when you book and pay the leader at the
          session. Nothing is charged online.
        </Question>
        <Question question="How does paying by card work?">
          Choose &ldquo;Pay by card now&rdquo; and you move to Stripe&apos;s secure payment page.
          Your place is held while you pay, and confirmed once the payment goes through. We
          never see your card number.
        </Question>
        <Question question="What if I can't afford it?">
          Money should never stop anyone taking part. Ask us about financial assistance and
          sliding-scale prices through the <TextLink to="/contact">contact form</TextLink>.
        </Question>
      </LegalSection>

      <LegalSection id="cancelling" title="Cancelling">
        <Question question="How do I cancel?">
          Open <TextLink to="/bookings">My Bookings</TextLink> and choose Cancel, up to 2 hours
          before the session starts.
        </Question>
        <Question question="Will I get my money back?">
          A card payment is refunded in full to your card when you cancel in time; your bank
          usually shows it within 5 to 10 working days. Cash bookings have nothing to refund.
          The <TextLink to="/refunds">Refund Policy</TextLink> has the details.
        </Question>
        <Question question="What if the session is cancelled?">
          We email everyone booked, and refund card payments in full automatically.
        </Question>
      </LegalSection>

      <LegalSection id="waitlist" title="Waiting lists">
        <Question question="The session is full. What can I do?">
          Join its waiting list from the session&apos;s page. When a place frees up, it is
          offered to the first person waiting, by email.
        </Question>
        <Question question="How long do I have to take an offered place?">
          12 hours, or until the session starts if that is sooner. After that the place passes
          to the next person. You can leave the waiting list at any time.
        </Question>
      </LegalSection>

      <LegalSection id="account" title="Your account">
        <Question question="I forgot my password.">
          Use <TextLink to="/forgot-password">Forgot password</TextLink> on the sign-in page.
          We email you a link that works once, for 1 hour.
        </Question>
        <Question question="How do I change my details, newsletters or theme?">
          Change your details and password on your <TextLink to="/profile">profile</TextLink>,
          and your sports, notifications and newsletters on your{" "}
          <TextLink to="/preferences">preferences</TextLink>. The theme menu in the header
          switches between light, dark and your device&apos;s setting.
        </Question>
        <Question question="How do I get a copy of my data, or delete my account?">
          Both are on your profile, under Your Data and Delete Account. Our{" "}
          <TextLink to="/privacy">Privacy Policy</TextLink> explains what each does.
        </Question>
      </LegalSection>

      <LegalSection id="more-help" title="Still need help?">
        <p>
          Write to us through the <TextLink to="/contact">contact form</TextLink>; we aim to
          reply within 24 hours. For a problem using this site, see our{" "}
          <TextLink to="/accessibility">Accessibility</TextLink> statement. If someone is in
          danger, call 999.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
