import { LegalPage, LegalSection, TextLink } from "@/features/legal/components/legal-page";

export default function SafetyPage() {
  return (
    <LegalPage
      title="Safety Guidelines"
      summary="How we keep sessions safe, what you can do before and during a session, and how to report a concern."
    >
      <LegalSection id="emergency" title="In an emergency">
        <p className="rounded-xl border-2 border-destructive/60 bg-destructive/5 p-4 font-semibold">
          If someone is in immediate danger or seriously hurt, call 999 first. Then tell the
          session leader.
        </p>
        <p>
          For urgent medical advice that is not an emergency, call NHS 111. To report a crime
          that is not an emergency, including a hate crime, call the police on 101.
        </p>
      </LegalSection>

      <LegalSection id="before" title="Before a session">
        <ul>
          <li>
            Add an emergency contact on your <TextLink to="/profile">profile</TextLink>. Your
            session leader can see it on the register, and uses it only if something happens.
          </li>
          <li>
            Use the accessibility requirements box when you book to tell the leader anything
            that helps them welcome you, such as an injury, a condition or a support need.
          </li>
          <li>
            If you are unsure whether an activity is right for your health, please ask a doctor
            first.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="during" title="At a session">
        <ul>
          <li>Arrive 15 minutes early so you don&apos;t miss the warm-up and safety briefing.</li>
          <li>Wear clothing and shoes that suit the activity, and bring water.</li>
          <li>Go at your own pace. Stop and tell the leader if you feel pain, dizziness or unwell.</li>
          <li>Follow the leader&apos;s instructions about equipment and the space.</li>
          <li>
            Look out for each other, and treat everyone as our{" "}
            <TextLink to="/community-standards">Community Standards</TextLink> ask.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="report" title="Report a concern">
        <p>
          If you are worried about someone&apos;s safety or wellbeing, or about how a leader,
          volunteer or participant has behaved, at a session or online, please tell us through
          the <TextLink to="/contact">contact form</TextLink>. Say what happened, when and where,
          and who was involved if you know. You can also speak to your session leader on the
          day, unless your concern is about them.
        </p>
        <ul>
          <li>We take every concern seriously and handle it in confidence.</li>
          <li>We only share what you tell us with the people who need it to act.</li>
          <li>We will never treat you differently for raising a concern.</li>
        </ul>
      </LegalSection>
    </LegalPage>
  );
}
