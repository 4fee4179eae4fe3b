use playspace_domain::NotificationKind;
use playspace_ports::{NewNotification, RepoError};

use crate::bookings::{BookingDeps, emails};

/// Tells each person offered a place, by email and notification, exactly once. Offers are
/// made inside whichever transaction freed the place; this step (run by the outbox worker)
/// announces them. Returns how many were announced.
pub fn announce_waitlist_offers(deps: &BookingDeps) -> Result<usize, RepoError> {
    let mut announced = 0;
    for offer in deps.waitlist.unannounced_offers(50)? {
        let user = deps.users.get(offer.user_id)?;
        let event = deps.events.get(offer.event_id)?;
        let mail = emails::place_offered(deps.email, &user, &event, offer.offer_expires_at)?;
        let notification = NewNotification {
            user_id: user.id,
            kind: NotificationKind::Booking,
            title: "A place is free for you".into(),
            message: format!(
                "A place came up for \"{}\". Claim it before {}.",
                event.title,
                playspace_domain::london::format_long(offer.offer_expires_at)
            ),
            action_url: Some(format!("/events/{}", event.id)),
            event_id: Some(event.id),
        };
        if deps
            .waitlist
            .announce_offer(offer.entry_id, &[mail], &notification, deps.clock.now())?
        {
            announced += 1;
        }
    }
    Ok(announced)
}
