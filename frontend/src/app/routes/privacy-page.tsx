import { LegalPage, LegalSection, OutsideLink, TextLink } from "@/features/legal/components/legal-page";
import { SIGNUP_LINK_HOURS } from "@/features/auth/lib/sign-up-link";
import { site } from "@/lib/site";
import {
  AUDIT_ENTRIES_KEPT_DAYS,
  ENDED_SIGN_INS_KEPT_DAYS,
  NEWSLETTER_PENDING_KEPT_DAYS,
  NOTIFICATIONS_KEPT_DAYS,
  SENT_EMAIL_TEXT_KEPT_DAYS,
  SPENT_LINKS_KEPT_DAYS,
} from "@/generated/shared-rules/messages";


export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary="What we keep about you, why we keep it, who can see it, how long we keep it, and how to get a copy or have it deleted."
    >
      <LegalSection id="who-we-are" title="Who we are">
        <p>
          {site.name} is a registered Community Interest Company in England &amp; Wales. We run
          inclusive community sport in 12 London boroughs for LGBTQIA+ people, refugees, disabled
          people, carers, NHS staff and anyone who has felt left out of sport. We decide what
          happens to the personal data described here, so under the UK GDPR we are its
          controller.
        </p>
        <p>
          For any question about your data, or to use any of your rights, write to us through
          the <TextLink to="/contact">contact form</TextLink>.
        </p>
      </LegalSection>

      <LegalSection id="what-we-keep" title="What we keep">
        <h3>When you create an account</h3>
        <ul>
          <li>Your name, the name you would like to be called and your pronouns, if you give them.</li>
          <li>Your email address and phone number.</li>
          <li>
            Your password, stored only as a one-way hash: nobody at {site.name} can read it.
          </li>
          <li>Your date of birth, gender, address, city and postcode.</li>
          <li>An emergency contact: their name and phone number, if you give them.</li>
          <li>
            Medical conditions and accessibility needs, if you choose to tell us (both are
            optional).
          </li>
          <li>Your fitness level, the sports you are interested in and how you heard about us.</li>
          <li>Whether you agreed to receive our newsletters and other marketing emails.</li>
          <li>Your preferences: favourite sports, availability, notifications, calendar and privacy choices.</li>
        </ul>
        <p>
          Your account is made when you open the link we email you after you sign up. Until then
          we keep what you typed on the form only to make your account, and delete it if you
          don&apos;t open the link within {SIGNUP_LINK_HOURS} hours.
        </p>
        <h3>When you use the site</h3>
        <ul>
          <li>
            Your bookings: the session, when you booked, whether you pay by card or cash, whether
            it is paid, any accessibility requirements you write on the booking, and whether you
            attended (the session leader marks the register).
          </li>
          <li>Your place on a waiting list, and any place offered to you from it.</li>
          <li>The notifications and emails we send you about your bookings and your account.</li>
          <li>
            Your sign-ins: when you signed in and were last active, and the internet (IP)
            address and browser you used. We also keep the IP address you signed up from.
          </li>
        </ul>
        <h3>When you subscribe to the newsletter</h3>
        <p>
          You can get our newsletter without an account by giving your email address on the{" "}
          <TextLink to="/blog">blog</TextLink>. For that address we keep only the address itself,
          when you asked to subscribe and when we sent the link to confirm it, when you confirmed,
          and when you unsubscribed. We send the newsletter only once you have confirmed.
        </p>
        <h3>When you contact us</h3>
        <p>The name, email address, subject and message you send through the contact form.</p>
        <h3>When you pay by card</h3>
        <p>
          Card payments are taken by Stripe on its own secure page. We never see or keep your
          card number; we keep only Stripe&apos;s reference for the payment and any refund.
        </p>
      </LegalSection>

      <LegalSection id="special-category" title="Medical and accessibility information">
        <p>
          Information about your health, including medical conditions and accessibility needs,
          is <strong>special category data</strong> under the UK GDPR, and we treat it with
          extra care. Giving it is always optional. We ask for it only so that a session can be
          safe and welcoming for you.
        </p>
        <ul>
          <li>
            The medical conditions and accessibility needs on your profile are shown only to you
            on your profile page.
          </li>
          <li>
            The accessibility requirements you write on a booking, and your emergency contact,
            are shown to <strong>that session&apos;s leader and our admins only</strong>, on the
            session&apos;s register, so they can welcome you and act quickly in an emergency.
          </li>
          <li>
            They are never included in the spreadsheets our admins can export, and never shared
            with anyone else.
          </li>
        </ul>
        <p>
          You can change or remove them at any time on your{" "}
          <TextLink to="/profile">profile</TextLink>.
        </p>
      </LegalSection>

      <LegalSection id="why" title="Why we keep it, and our lawful bases">
        <p>The UK GDPR asks us to name the lawful basis for each use of your data:</p>
        <ul>
          <li>
            <strong>Contract</strong>: your account, bookings, payments, waiting list places and
            the emails about them. We need these to give you the service you signed up for.
          </li>
          <li>
            <strong>Consent</strong>: newsletters and other marketing emails, only if you ticked
            the box. You can withdraw at any time with the unsubscribe link in every such email
            or on your <TextLink to="/preferences">preferences</TextLink> page.
          </li>
          <li>
            <strong>Explicit consent</strong> (special category data): medical conditions and
            accessibility needs that you choose to give us. Remove them from your profile to
            withdraw it. If someone&apos;s life is at risk, a leader may pass on what they know to
            emergency services to protect your vital interests.
          </li>
          <li>
            <strong>Legitimate interests</strong>: keeping accounts secure (sign-in records,
            limits on repeated attempts, a log of what admins change), answering messages sent
            through the contact form, and keeping anonymous booking counts so we can plan
            sessions and report on our work as a community interest company.
          </li>
          <li>
            <strong>Legal obligation</strong>: keeping records of payments and refunds as the
            law requires.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="who-sees-it" title="Who can see your data">
        <ul>
          <li>You, when you are signed in.</li>
          <li>
            The leader of a session you booked: your name, pronouns, booking and payment status,
            the accessibility requirements on your booking and your emergency contact.
          </li>
          <li>
            Our admins, who run the site: your account details, bookings and the session
            registers. Admin actions are recorded in an audit log.
          </li>
          <li>
            Service providers who act on our instructions: Stripe (card payments and refunds),
            our email delivery provider (to send our emails), and our hosting provider (which
            runs the site&apos;s servers and backups).
          </li>
        </ul>
        <p>We never sell your data, and we do not use advertising or tracking services.</p>
      </LegalSection>

      <LegalSection id="how-long" title="How long we keep it">
        <ul>
          <li>
            <strong>Your account and profile</strong>: until you delete your account. Deleting
            it erases your personal data at once; copies in our backups disappear as those
            backups are replaced.
          </li>
          <li>
            <strong>Bookings</strong>: once your account is deleted, only an anonymous record
            stays (the session, its date, status and amount), so that places and payments still
            add up. Your name, contact details and what you wrote about accessibility are
            removed.
          </li>
          <li>
            <strong>Sign-in records</strong>: a sign-in lasts at most 30 days. Its record (with
            the IP address and browser) is deleted {ENDED_SIGN_INS_KEPT_DAYS} days after it ends,
            or at once when you delete your account.
          </li>
          <li>
            <strong>Sign-ups you never finished</strong>: what you typed on the sign-up form is
            deleted {SIGNUP_LINK_HOURS} hours after you sent it if you don&apos;t open the link we
            emailed you by then.
          </li>
          <li>
            <strong>Password reset and email verification links</strong>: they work once and
            expire after 1 hour and 48 hours, and are deleted {SPENT_LINKS_KEPT_DAYS} days after
            they were used or expired.
          </li>
          <li>
            <strong>Emails we send you</strong>: their text is deleted {SENT_EMAIL_TEXT_KEPT_DAYS}{" "}
            days after sending. We keep only that we emailed you, when and about what, so we never
            send you too many.
          </li>
          <li>
            <strong>Notifications</strong>: deleted {NOTIFICATIONS_KEPT_DAYS} days after we
            wrote them.
          </li>
          <li>
            <strong>The admin audit log</strong>: each entry is deleted {AUDIT_ENTRIES_KEPT_DAYS}{" "}
            days after it was written.
          </li>
          <li>
            <strong>Newsletter addresses you never confirmed</strong>: deleted{" "}
            {NEWSLETTER_PENDING_KEPT_DAYS} days after we sent the link to confirm them.
          </li>
          <li>
            <strong>Confirmed newsletter addresses</strong>: until you unsubscribe, with the
            unsubscribe link in every newsletter.
          </li>
          <li>
            <strong>Newsletter addresses that unsubscribed</strong>: we keep the address and when
            you unsubscribed only as a record that you left, so we never send you the newsletter
            again unless you subscribe and confirm once more. Nothing else is kept, and it is
            never used for anything else.
          </li>
          <li>
            <strong>Contact form messages</strong>: as long as we need to answer and follow up.
            Ask us through the contact form if you would like one deleted.
          </li>
          <li>
            <strong>Payment records at Stripe</strong>: kept by Stripe for as long as the law
            requires of it.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="your-rights" title="Your rights, and how to use them">
        <ul>
          <li>
            <strong>Get a copy</strong>: on your <TextLink to="/profile">profile</TextLink>,
            under Your Data, <em>Download My Data</em> gives you a file (JSON) of everything we
            hold about you: your details, preferences, sign-ins, bookings and notifications.
          </li>
          <li>
            <strong>Correct it</strong>: change your details on your profile at any time.
          </li>
          <li>
            <strong>Delete it</strong>: on your profile, <em>Delete My Account</em> erases your
            account and personal data after you enter your password. Upcoming bookings are
            cancelled, card payments for them are refunded, and your waiting list places are
            given up. This cannot be undone.
          </li>
          <li>
            <strong>Stop marketing</strong>: use the unsubscribe link in any newsletter, or your
            preferences page.
          </li>
          <li>
            <strong>Object, or ask us to restrict</strong> how we use your data: write to us
            through the <TextLink to="/contact">contact form</TextLink>. We reply within one
            month.
          </li>
        </ul>
        <p>
          If you are unhappy with how we handle your data, please tell us first so we can put it
          right. You can also complain to the Information Commissioner&apos;s Office (ICO) at{" "}
          <OutsideLink href="https://ico.org.uk/make-a-complaint/">ico.org.uk</OutsideLink>.
        </p>
      </LegalSection>

      <LegalSection id="security" title="How we protect it">
        <p>
          The site is served over an encrypted connection. Passwords are hashed, your sign-in is
          held in a cookie that page scripts cannot read, and every sign-in can be ended by
          signing out or changing your password. Only the people named above can see the
          information described. See our <TextLink to="/cookies">Cookie Policy</TextLink> for
          what your browser keeps.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          When we change this policy we update the date at the top. If a change affects how we
          use data you have already given us, we will tell you by email before it applies.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
