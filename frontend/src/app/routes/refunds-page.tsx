import { LegalPage, LegalSection, TextLink } from "@/features/legal/components/legal-page";

export default function RefundsPage() {
  return (
    <LegalPage
      title="Refund Policy"
      summary="Cancel at least 2 hours before a session starts and a card payment comes back to your card in full. Cash bookings are never charged online."
    >
      <LegalSection id="cancelling" title="Cancelling a booking">
        <p>
          You can cancel a booking yourself until <strong>2 hours before the session starts</strong>:
          go to <TextLink to="/bookings">My Bookings</TextLink> and choose Cancel on the booking.
          Your place goes back to the session, or to the first person on its waiting list.
        </p>
        <p>
          Within the last 2 hours the booking can no longer be cancelled online. If something
          has come up, such as illness or a caring emergency, tell us through the{" "}
          <TextLink to="/contact">contact form</TextLink> and we will look at it with you.
        </p>
      </LegalSection>

      <LegalSection id="card" title="Card payments">
        <ul>
          <li>
            When you cancel in time, we refund the <strong>full amount</strong> straight away,
            through Stripe, to the card you paid with. We cannot refund to a different card or
            account.
          </li>
          <li>
            Stripe sends the refund at once; your bank then usually takes 5 to 10 working days to
            show it on your statement.
          </li>
          <li>
            If you leave the payment page without paying, nothing is charged and the place you
            were holding is released.
          </li>
          <li>
            If your payment reaches us after the place it was for has gone (for example, the
            session filled while you were paying), we refund it in full automatically.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="cash" title="Cash bookings">
        <p>
          If you chose to pay cash on arrival, nothing is charged online, so there is nothing to
          refund when you cancel. Please still cancel if you cannot come: someone else may be
          waiting for the place.
        </p>
      </LegalSection>

      <LegalSection id="we-cancel" title="If we cancel a session">
        <p>
          Sometimes we have to cancel a session, for example because of the weather or the
          venue. We tell everyone booked by email, and every card payment for it is refunded in
          full to the card it came from, without you having to ask.
        </p>
      </LegalSection>

      <LegalSection id="account-deleted" title="If you delete your account">
        <p>
          Deleting your account cancels your upcoming bookings, and card payments for them are
          refunded in full in the same way.
        </p>
      </LegalSection>

      <LegalSection id="memberships" title="Memberships">
        <p>
          Paid memberships are monthly and paid by card through Stripe. A change of plan takes
          effect at your next billing cycle. For a question about a membership payment, or to
          ask about financial assistance, write to us through the{" "}
          <TextLink to="/contact">contact form</TextLink>.
        </p>
      </LegalSection>

      <LegalSection id="problems" title="If something goes wrong">
        <p>
          If a refund has not reached you after 10 working days, or you think you were charged
          by mistake, contact us through the <TextLink to="/contact">contact form</TextLink> with
          your booking reference (it starts with PS and is in your confirmation email). We check
          every refund that did not go through and send it again.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
