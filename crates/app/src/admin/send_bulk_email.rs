use playspace_domain::CampaignId;
use playspace_domain::audit::actions;
use playspace_domain::bulk_email::{BulkEmailForm, BulkEmailRefusal};
use playspace_ports::{NewCampaign, RepoError};

use super::bulk_email_message::{Audience, BulkEmailMessage};
use super::{Actor, AdminDeps};

#[derive(Debug, thiserror::Error)]
pub enum SendBulkEmailError {
    #[error("{0}")]
    Refused(BulkEmailRefusal),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Sends a bulk email to the live members of a group who agreed to marketing email, or to
/// the confirmed newsletter subscribers: the campaign, one outbox email each (with their own
/// unsubscribe link for that list) and the audit entry (group and count, never addresses) in
/// one transaction. Returns how many were sent.
#[tracing::instrument(skip_all)]
pub fn send_bulk_email(
    deps: &AdminDeps,
    by: &Actor,
    form: BulkEmailForm,
) -> Result<u32, SendBulkEmailError> {
    let (group, content) = form.validate().map_err(SendBulkEmailError::Refused)?;
    let now = deps.clock.now();
    let campaign = NewCampaign {
        id: CampaignId::new(),
        group,
        subject: content.subject.clone(),
        message: content.message.clone(),
        sent_by: by.id,
        created_at: now,
    };
    let audit = by
        .entry(
            actions::BULK_EMAIL,
            "email_campaign",
            Some(campaign.id.to_string()),
            now,
        )
        .detail("group", group.as_str());
    let audience = if group.is_newsletter() {
        Audience::Newsletter
    } else {
        Audience::Accounts
    };
    let message = BulkEmailMessage::new(deps.email, deps.links, &content, audience)?;
    Ok(deps.bulk_email.send_campaign(&campaign, &audit, &message)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::{Mocks, actor};
    use playspace_domain::SubscriberId;
    use playspace_domain::UserId;
    use playspace_domain::admin::RecipientGroup;
    use playspace_ports::{ListMember, Recipient};
    use playspace_test_support::test_now;

    fn form(group: &str) -> BulkEmailForm {
        BulkEmailForm {
            recipient_group: group.into(),
            subject: "Winter timetable".into(),
            message: "New sessions from January.".into(),
        }
    }

    #[test]
    fn one_campaign_with_a_composed_email_per_recipient_and_an_audit_entry() {
        let mut m = Mocks::new().with_plain_links();
        let by = actor();
        let by_id = by.id;
        let ana = UserId::new();
        m.bulk_email
            .expect_send_campaign()
            .withf(move |campaign, audit, compose| {
                let email = compose.compose(&Recipient {
                    member: ListMember::Account(ana),
                    email: "ana@example.org".into(),
                    name: Some("Ana".into()),
                });
                campaign.group == RecipientGroup::NewJoiners
                    && campaign.sent_by == by_id
                    && campaign.created_at == test_now()
                    && audit.action == "email.bulk_send"
                    && audit.resource_id == Some(campaign.id.to_string())
                    && audit.details == [("group", "new_joiners".to_owned())]
                    && email.to_email == "ana@example.org"
                    && email.email_type == "bulk"
                    && email.subject == "Winter timetable"
                    && email
                        .text_body
                        .contains(&format!("/unsubscribe?token=signed:unsubscribe:{ana}"))
            })
            .times(1)
            .returning(|_, _, _| Ok(42));
        assert_eq!(
            send_bulk_email(&m.deps(), &by, form("new_joiners")).unwrap(),
            42
        );
    }

    #[test]
    fn the_newsletter_group_gets_newsletter_unsubscribe_links() {
        let mut m = Mocks::new().with_plain_links();
        let by = actor();
        let reader = SubscriberId::new();
        m.bulk_email
            .expect_send_campaign()
            .withf(move |campaign, audit, compose| {
                let email = compose.compose(&Recipient {
                    member: ListMember::Subscriber(reader),
                    email: "reader@example.org".into(),
                    name: None,
                });
                campaign.group == RecipientGroup::Newsletter
                    && audit.action == "email.bulk_send"
                    && audit.details == [("group", "newsletter".to_owned())]
                    && email.to_email == "reader@example.org"
                    && email.user_id.is_none()
                    && email
                        .text_body
                        .contains(&format!("/unsubscribe?token=signed:newsletter:{reader}"))
                    && !email.text_body.contains("signed:unsubscribe:")
                    && !email.text_body.contains("/preferences")
            })
            .times(1)
            .returning(|_, _, _| Ok(3));
        assert_eq!(
            send_bulk_email(&m.deps(), &by, form("newsletter")).unwrap(),
            3
        );
    }

    #[test]
    fn missing_fields_and_unknown_groups_are_refused_before_the_store() {
        let mut m = Mocks::new();
        m.bulk_email.expect_send_campaign().never();
        let err = send_bulk_email(
            &m.deps(),
            &actor(),
            BulkEmailForm {
                subject: "".into(),
                ..form("all")
            },
        )
        .unwrap_err();
        assert!(matches!(
            err,
            SendBulkEmailError::Refused(BulkEmailRefusal::MissingFields)
        ));
        let err = send_bulk_email(&m.deps(), &actor(), form("everyone")).unwrap_err();
        assert!(matches!(
            err,
            SendBulkEmailError::Refused(BulkEmailRefusal::Invalid(f)) if f.get("recipientGroup").is_some()
        ));
    }
}
