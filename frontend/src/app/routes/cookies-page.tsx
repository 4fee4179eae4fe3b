import { LegalPage, LegalSection, TextLink } from "@/features/legal/components/legal-page";
import { site } from "@/lib/site";

/** What the site keeps in the browser (keys as in src/app/theme.ts, src/lib and features/preferences). */
const STORED = [
  ["theme", "Your choice of Light, Dark or System in the theme menu."],
  ["themeDarkAtNight", "Whether you chose dark from 20:00 to 06:00 with the System theme."],
  ["signedIn", "A note that you are signed in, so the header shows your account straight away. It holds no details about you."],
  ["returnUrl", "The page to take you back to after you sign in. Removed as soon as it is used."],
  ["guestPreferences", "Preferences you save before signing in, so they are still there when you come back."],
] as const;

export default function CookiesPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      summary={`${site.name} uses one cookie, to keep you signed in, and a few settings saved in your browser. There are no tracking or advertising cookies.`}
    >
      <LegalSection id="cookie" title="The one cookie we set">
        <p>
          <strong>playspace_session</strong> keeps you signed in. It is set when you sign in or
          create an account and removed when you sign out or delete your account; otherwise it
          lasts 30 days. Scripts on the page cannot read it, it is only sent to our own site, and
          it is sent only over a secure connection.
        </p>
        <p>
          This cookie is strictly necessary for signing in, so the law does not require us to ask
          for your consent to it. If you never sign in, we set no cookie at all.
        </p>
      </LegalSection>

      <LegalSection id="browser-storage" title="Settings saved in your browser">
        <p>
          Some choices are saved in your browser&apos;s local storage. They stay on your device,
          are never sent to us, and you can clear them at any time in your browser&apos;s
          settings (look for &ldquo;site data&rdquo;):
        </p>
        <ul>
          {STORED.map(([key, purpose]) => (
            <li key={key}>
              <strong>{key}</strong>: {purpose}
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="no-tracking" title="No tracking">
        <p>
          We do not use analytics, advertising or social media tracking, and no other company
          sets cookies through our pages.
        </p>
        <p>
          When you pay by card you move to Stripe&apos;s secure payment page. Stripe sets its own
          cookies there, for security and fraud prevention, under its own cookie policy. Links to
          our pages on other sites (such as social media) lead to sites with their own policies.
        </p>
      </LegalSection>

      <LegalSection id="more" title="More about your data">
        <p>
          Our <TextLink to="/privacy">Privacy Policy</TextLink> explains what we keep about you
          and why. Questions? Write to us through the{" "}
          <TextLink to="/contact">contact form</TextLink>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
