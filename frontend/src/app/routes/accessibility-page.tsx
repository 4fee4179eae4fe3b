import { LegalPage, LegalSection, TextLink } from "@/features/legal/components/legal-page";
import { site } from "@/lib/site";

/** Where to report a barrier: the contact form with its Accessibility subject chosen. */
const REPORT = "/contact?subject=accessibility";

export default function AccessibilityPage() {
  return (
    <LegalPage
      title="Accessibility"
      summary={`${site.name} exists for people who are too often left out of sport, so this site has to work for everyone. This statement says what we have checked, what we know is missing, and how to tell us about a barrier.`}
    >
      <LegalSection id="aim" title="Our aim">
        <p>
          We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. You
          should be able to find, book and manage sessions using a keyboard, a screen reader,
          zoom of up to 400%, a phone, and light or dark colours.
        </p>
      </LegalSection>

      <LegalSection id="tested" title="What we test">
        <p>Every change to the site runs automated checks in a real Chromium browser:</p>
        <ul>
          <li>
            axe, an accessibility checker, on every screen, in the light and the dark theme,
            with no problems allowed.
          </li>
          <li>Screens at 390 pixels wide (a phone) and on a desktop, and reflow at 320 pixels with nothing scrolling sideways.</li>
          <li>Signing up using the keyboard alone.</li>
          <li>
            Reduced motion: when your device asks for less motion, animations stop.
          </li>
          <li>
            The light, dark and system themes, including your choice to switch to dark in the
            evening.
          </li>
        </ul>
        <p>
          Every page has a &ldquo;Skip to main content&rdquo; link, headings in order, labelled form
          fields with error messages that say how to fix them, and a page title that says where
          you are.
        </p>
      </LegalSection>

      <LegalSection id="limits" title="What we know is not yet right">
        <ul>
          <li>
            Automated checks find many problems, but not all. The site has not yet had an
            independent audit or testing by disabled people using their own assistive
            technology; we would welcome both.
          </li>
          <li>The map of where our sessions run is not available yet; each event page gives its venue in text.</li>
          <li>Text messages (SMS) for reminders are not available yet; email is.</li>
        </ul>
      </LegalSection>

      <LegalSection id="sessions" title="Access at our sessions">
        <p>
          Tell us what you need when you book: the booking form has a space for accessibility
          requirements, which only your session leader and our admins see. If you want to check
          a venue&apos;s step-free access, changing rooms or anything else before booking, ask us
          through the <TextLink to={REPORT}>contact form</TextLink>.
        </p>
      </LegalSection>

      <LegalSection id="report" title="Report a barrier">
        <p>
          If something on this site, or at a session, stops you taking part, please tell us
          through the <TextLink to={REPORT}>contact form</TextLink> with the subject
          &ldquo;Accessibility&rdquo;. Say which page or session, what you were trying to do, and
          what you use (for example a screen reader or magnification) if you are happy to. We aim
          to reply within 24 hours, and we will tell you what we are doing about it.
        </p>
        <p>
          If you need the content of a page in another format, ask in the same way and we will
          help.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
