import { LegalPage, LegalSection, TextLink } from "@/features/legal/components/legal-page";
import { site } from "@/lib/site";

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      summary={`The agreement between you and ${site.name} when you use this site, create an account or book a session.`}
    >
      <LegalSection id="about-us" title="About us">
        <p>
          {site.name} is a registered Community Interest Company in England &amp; Wales. We run
          inclusive community sport across 12 London boroughs. Any surplus we make goes back
          into sessions, equipment, volunteer training and support for members.
        </p>
        <p>
          By creating an account or booking a session you agree to these terms, our{" "}
          <TextLink to="/privacy">Privacy Policy</TextLink>, our{" "}
          <TextLink to="/refunds">Refund Policy</TextLink> and our{" "}
          <TextLink to="/community-standards">Community Standards</TextLink>.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="Your account">
        <ul>
          <li>Give us true details, and keep them up to date on your profile.</li>
          <li>One account per person. Keep your password to yourself.</li>
          <li>
            You can delete your account at any time from your profile. We may close an account
            that is used to harm others or that breaks these terms, and we will tell you why.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="bookings" title="Booking a session">
        <ul>
          <li>
            A booking is for the person named on the account. A place is confirmed when you
            see the confirmation and receive the email.
          </li>
          <li>
            Sessions have a set number of places. When a session is full you can join its
            waiting list; a place offered to you is held for a limited time before it passes to
            the next person.
          </li>
          <li>The free Community plan includes 2 sessions a month; paid plans have no limit.</li>
          <li>Please arrive 15 minutes early so the session can start on time.</li>
          <li>
            You can cancel until 2 hours before a session starts. The{" "}
            <TextLink to="/refunds">Refund Policy</TextLink> explains what happens to your
            payment.
          </li>
          <li>
            We may need to change or cancel a session (weather, venue, leader). We will tell you
            by email, and refund card payments in full if we cancel.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="payments" title="Prices and payment">
        <ul>
          <li>Prices are in pounds sterling and shown before you book; free sessions say Free.</li>
          <li>
            You can pay cash on arrival or by card when you book. Card payments are taken by
            Stripe on its own secure page.
          </li>
          <li>
            Paid memberships renew monthly by card until you end them; a change of plan takes
            effect at the next billing cycle. Money should never stop anyone taking part: ask us
            about financial assistance.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="taking-part" title="Taking part safely">
        <p>
          Sessions are for all levels, and you take part at your own pace. Tell your session
          leader about anything that affects how you can take part, for example on your booking,
          and follow their instructions. Read our{" "}
          <TextLink to="/safety">Safety Guidelines</TextLink> before your first session. If you
          are unsure whether an activity is right for your health, please ask a doctor first.
        </p>
      </LegalSection>

      <LegalSection id="behaviour" title="How we treat each other">
        <p>
          Everyone must follow our{" "}
          <TextLink to="/community-standards">Community Standards</TextLink>, at sessions and
          online. A leader may ask someone to leave a session, and we may close an account, when
          someone&apos;s behaviour puts others at risk or makes them feel unwelcome.
        </p>
      </LegalSection>

      <LegalSection id="site" title="Using this site">
        <p>
          Don&apos;t misuse the site: don&apos;t try to reach other people&apos;s data, overload
          it, or book places you do not mean to use. Anything you send us, such as a community
          story, must be yours to share and must not harm anyone.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="Our responsibility to you">
        <p>
          We run our sessions with reasonable care and skill. Nothing in these terms limits our
          responsibility for death or personal injury caused by our negligence, or any of your
          rights under consumer law. We are not responsible for losses we could not have
          foreseen, or for personal belongings brought to a session.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes and the law">
        <p>
          We may update these terms; the date at the top shows the latest version, and we will
          email you about changes that affect bookings you have already made. These terms are
          governed by the law of England and Wales.
        </p>
        <p>
          Questions about these terms? Write to us through the{" "}
          <TextLink to="/contact">contact form</TextLink>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
