import { LegalPage, LegalSection, TextLink } from "@/features/legal/components/legal-page";
import { site } from "@/lib/site";

export default function CommunityStandardsPage() {
  return (
    <LegalPage
      title="Community Standards"
      summary={`${site.name} is for everyone: LGBTQIA+ people, refugees, disabled people, carers, NHS staff and anyone new to sport. These standards keep it that way, at sessions and online.`}
    >
      <LegalSection id="belong" title="Everyone belongs">
        <ul>
          <li>Welcome newcomers, whatever their level, body, background or language.</li>
          <li>
            Use the names and pronouns people give. You can set your own on your{" "}
            <TextLink to="/profile">profile</TextLink>, and leaders see them on the register.
          </li>
          <li>Make room for different ways of taking part, and for people who need a break.</li>
        </ul>
      </LegalSection>

      <LegalSection id="not-tolerated" title="What we do not accept">
        <ul>
          <li>
            Discrimination, abuse or jokes at someone&apos;s expense because of their sexuality,
            gender identity, race, religion, immigration status, disability, age, size or
            anything else about who they are.
          </li>
          <li>Harassment, bullying, threats, or unwanted physical contact.</li>
          <li>Outing anyone, or sharing someone&apos;s personal details or story without their permission.</li>
          <li>Taking or posting photos or videos of people who have not agreed to it.</li>
          <li>Coming to a session under the influence of alcohol or drugs.</li>
        </ul>
      </LegalSection>

      <LegalSection id="play-fair" title="Play fair">
        <ul>
          <li>Play for fun and for each other; nobody has to prove anything.</li>
          <li>Follow the leader&apos;s calls and look after the equipment and venue.</li>
          <li>Cancel a booking you can&apos;t use, so someone on the waiting list can come.</li>
        </ul>
      </LegalSection>

      <LegalSection id="when-broken" title="If the standards are broken">
        <p>
          A leader may ask someone to stop or to leave a session. After looking at what
          happened, we may close someone&apos;s account. We will listen to
          everyone involved before deciding, unless someone is at risk.
        </p>
        <p>
          To report something, use the <TextLink to="/contact">contact form</TextLink>; our{" "}
          <TextLink to="/safety">Safety Guidelines</TextLink> say how we handle concerns. In an
          emergency, call 999.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
