//! Bulk email campaigns on both backends: who receives them (group, consent, erased), the
//! campaign with its outbox emails and audit entry, the delivery counts, and unsubscribing.

use crate::common;

use std::collections::HashSet;

use chrono::{DateTime, Duration, Utc};
use playspace_domain::admin::RecipientGroup;
use playspace_domain::{
    AuditEntry, CampaignId, Email, OneTimeToken, OutgoingEmail, Profile, Role, TokenPurpose, User,
    UserId,
};
use playspace_ports::{
    AdminUserStore, AuditFilter, AuditLog, BulkEmailStore, ComposeEmail, ListMember, NewCampaign,
    NewUserRecord, NewsletterStore, Outbox, Recipient, RepoError, TokenRecord, UserRepository,
};
use playspace_store::Store;

on_both_backends!(
    recipients_are_the_group_who_consented_and_are_not_erased,
    the_newsletter_group_is_the_confirmed_subscribers_once_each,
    a_campaign_is_stored_with_its_emails_and_audit_entry,
    campaigns_count_their_deliveries_newest_first,
    many_recipients_are_written_in_batches,
    unsubscribing_withdraws_consent_once_and_for_all,
);

struct Person {
    email: String,
    consent: bool,
    verified: bool,
    at: DateTime<Utc>,
}

fn person(email: &str) -> Person {
    Person {
        email: email.into(),
        consent: true,
        verified: true,
        at: Utc::now() - Duration::days(100),
    }
}

fn create(store: &Store, p: Person) -> UserId {
    let user = User {
        id: UserId::new(),
        email: Email::parse(&p.email).unwrap(),
        role: Role::User,
        profile: Profile {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            chosen_name: p.email.starts_with("nia").then(|| "Nia".into()),
            marketing_consent: p.consent,
            ..Default::default()
        },
        is_email_verified: p.verified,
        profile_image_url: None,
        last_login: None,
        created_at: p.at,
    };
    let id = user.id;
    let token = TokenRecord {
        user_id: id,
        purpose: TokenPurpose::VerifyEmail,
        token: OneTimeToken::generate(&mut rand::rng()),
        expires_at: Utc::now() + Duration::days(2),
    };
    store
        .create_user(
            &NewUserRecord {
                user,
                password_hash: "h".into(),
                registration_ip: None,
                access_note: None,
            },
            &token,
            &[],
            &AuditEntry {
                actor: None,
                ..AuditEntry::new(id, "user.create", "user", None, Utc::now())
            },
        )
        .unwrap();
    id
}

/// Writes each recipient's copy as a plain email naming them.
struct Copy;

impl ComposeEmail for Copy {
    fn compose(&self, r: &Recipient) -> OutgoingEmail {
        let name = r.name.clone().unwrap_or_default();
        let (user_id, text_body) = match r.member {
            ListMember::Account(id) => (Some(id), format!("Hi {name}")),
            ListMember::Subscriber(id) => (None, format!("Hi subscriber {id}")),
        };
        OutgoingEmail {
            from_email: "hello@playspace.test".into(),
            to_email: r.email.clone(),
            to_name: r.name.clone(),
            subject: "News".into(),
            html_body: format!("<p>Hi {name}</p>"),
            text_body,
            email_type: "bulk",
            user_id,
            booking_id: None,
            event_id: None,
        }
    }
}

fn campaign(group: RecipientGroup, sender: UserId) -> NewCampaign {
    NewCampaign {
        id: CampaignId::new(),
        group,
        subject: "News".into(),
        message: "Hello".into(),
        sent_by: sender,
        created_at: Utc::now(),
    }
}

fn audit(sender: UserId, campaign: &NewCampaign) -> AuditEntry {
    AuditEntry::new(
        sender,
        "email.bulk_send",
        "email_campaign",
        Some(campaign.id.to_string()),
        campaign.created_at,
    )
    .detail("group", campaign.group.as_str())
}

fn send(store: &Store, group: RecipientGroup, sender: UserId) -> u32 {
    let c = campaign(group, sender);
    store.send_campaign(&c, &audit(sender, &c), &Copy).unwrap()
}

/// Who the due emails of the outbox go to.
fn outbox_recipients(store: &Store) -> Vec<String> {
    store
        .claim_due(
            Utc::now() + Duration::minutes(1),
            Duration::minutes(2),
            10_000,
        )
        .unwrap()
        .into_iter()
        .map(|e| e.to_email)
        .collect()
}

fn recipients_are_the_group_who_consented_and_are_not_erased(store: &Store) {
    let sender = common::members(store, 1)[0];
    create(store, person("old.verified@example.org"));
    create(
        store,
        Person {
            verified: false,
            ..person("old.unverified@example.org")
        },
    );
    // Unverified, and never agreed to marketing email: no group's campaign reaches it.
    create(
        store,
        Person {
            verified: false,
            consent: false,
            ..person("old.unverified.no.consent@example.org")
        },
    );
    create(
        store,
        Person {
            at: Utc::now() - Duration::days(3),
            ..person("new.verified@example.org")
        },
    );
    create(
        store,
        Person {
            consent: false,
            at: Utc::now() - Duration::days(3),
            ..person("new.no.consent@example.org")
        },
    );
    let erased = create(
        store,
        Person {
            at: Utc::now() - Duration::days(3),
            ..person("new.erased@example.org")
        },
    );
    store.erase(erased, Utc::now()).unwrap();

    let to = |group| {
        let before: HashSet<String> = outbox_recipients(store).into_iter().collect();
        assert!(before.is_empty());
        let n = send(store, group, sender);
        let got: HashSet<String> = outbox_recipients(store).into_iter().collect();
        assert_eq!(n as usize, got.len());
        let mut got: Vec<String> = got.into_iter().collect();
        got.sort();
        got
    };
    assert_eq!(
        to(RecipientGroup::All),
        [
            "new.verified@example.org",
            "old.unverified@example.org",
            "old.verified@example.org"
        ]
    );
    assert_eq!(to(RecipientGroup::NewJoiners), ["new.verified@example.org"]);
    assert_eq!(
        to(RecipientGroup::Verified),
        ["new.verified@example.org", "old.verified@example.org"]
    );
    assert_eq!(
        to(RecipientGroup::Unverified),
        ["old.unverified@example.org"]
    );
}

/// Puts `email` on the newsletter list with `status`.
fn newsletter(store: &Store, email: &str, status: &str) -> playspace_domain::SubscriberId {
    let address = Email::parse(email).unwrap();
    let id = playspace_domain::SubscriberId::new();
    let now = Utc::now() - Duration::days(1);
    store
        .request_newsletter_confirmation(
            id,
            &address,
            &playspace_test_support::outgoing_email(email),
            now,
        )
        .unwrap();
    if status != "pending" {
        store.confirm_newsletter(id, now).unwrap();
    }
    if status == "unsubscribed" {
        store.unsubscribe_newsletter(id, now).unwrap();
    }
    id
}

fn the_newsletter_group_is_the_confirmed_subscribers_once_each(store: &Store) {
    let sender = common::members(store, 1)[0];
    let reader = newsletter(store, "reader@example.org", "confirmed");
    // An account that agreed to marketing and is also a confirmed subscriber.
    create(store, person("both@example.org"));
    let both = newsletter(store, "both@example.org", "confirmed");
    newsletter(store, "pending@example.org", "pending");
    newsletter(store, "left@example.org", "unsubscribed");
    create(store, person("marketing.only@example.org"));
    // The confirmation emails are not the campaign's.
    store
        .claim_due(Utc::now() + Duration::minutes(1), Duration::minutes(2), 100)
        .unwrap();

    let c = campaign(RecipientGroup::Newsletter, sender);
    assert_eq!(
        store.send_campaign(&c, &audit(sender, &c), &Copy).unwrap(),
        2
    );
    let mut sent: Vec<(String, String)> = store
        .claim_due(Utc::now() + Duration::minutes(1), Duration::minutes(2), 100)
        .unwrap()
        .into_iter()
        .map(|e| (e.to_email, e.text_body))
        .collect();
    sent.sort();
    assert_eq!(
        sent,
        [
            (
                "both@example.org".to_owned(),
                format!("Hi subscriber {both}")
            ),
            (
                "reader@example.org".to_owned(),
                format!("Hi subscriber {reader}")
            ),
        ],
        "one copy per confirmed address, each as a subscriber"
    );
    let listed = store.campaigns(10).unwrap();
    assert_eq!(listed[0].group, RecipientGroup::Newsletter);
    assert_eq!(listed[0].recipients, 2);
    let entries = store
        .latest(
            &AuditFilter {
                action: Some("email.bulk_send".into()),
                ..AuditFilter::default()
            },
            10,
        )
        .unwrap();
    assert_eq!(
        entries[0].details, r#"{"group":"newsletter","recipients":"2"}"#,
        "counts and the group, never addresses"
    );
}

fn a_campaign_is_stored_with_its_emails_and_audit_entry(store: &Store) {
    let sender = common::members(store, 1)[0];
    create(store, person("ana@example.org"));
    create(store, person("nia@example.org"));
    let c = campaign(RecipientGroup::All, sender);
    assert_eq!(store.send_campaign(&c, &audit(sender, &c), &Copy), Ok(2));
    let emails = store
        .claim_due(Utc::now() + Duration::minutes(1), Duration::minutes(2), 10)
        .unwrap();
    let bodies: HashSet<String> = emails.iter().map(|e| e.text_body.clone()).collect();
    assert_eq!(
        bodies,
        HashSet::from(["Hi Ana".to_owned(), "Hi Nia".to_owned()]),
        "greeted by their chosen name"
    );
    let listed = store.campaigns(50).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, c.id);
    assert_eq!(listed[0].recipients, 2);
    assert_eq!(listed[0].sent_by, Some(sender));
    assert_eq!(listed[0].sent_by_name.as_deref(), Some("Racer 0"));
    assert_eq!(listed[0].group, RecipientGroup::All);
    assert_eq!(listed[0].subject, "News");
    let entries = store
        .latest(
            &AuditFilter {
                action: Some("email.bulk_send".into()),
                ..AuditFilter::default()
            },
            10,
        )
        .unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(
        entries[0].details, r#"{"group":"all","recipients":"2"}"#,
        "counts and the group, never addresses"
    );

    // Nobody to send to still records the campaign.
    let c = campaign(RecipientGroup::Unverified, sender);
    assert_eq!(store.send_campaign(&c, &audit(sender, &c), &Copy), Ok(0));
    assert_eq!(store.campaigns(50).unwrap()[0].recipients, 0);
}

fn campaigns_count_their_deliveries_newest_first(store: &Store) {
    let sender = common::members(store, 1)[0];
    for i in 0..4 {
        create(store, person(&format!("p{i}@example.org")));
    }
    let first = campaign(RecipientGroup::All, sender);
    store
        .send_campaign(&first, &audit(sender, &first), &Copy)
        .unwrap();
    let now = Utc::now() + Duration::minutes(1);
    let claimed = store.claim_due(now, Duration::minutes(2), 10).unwrap();
    assert_eq!(claimed.len(), 4);
    store.mark_delivered(claimed[0].id, None, now).unwrap();
    store.mark_delivered(claimed[1].id, None, now).unwrap();
    store
        .mark_failed_attempt(claimed[2].id, "bounced", None, now)
        .unwrap();
    // claimed[3] is still being sent: pending.
    let mut second = campaign(RecipientGroup::Verified, sender);
    second.created_at = first.created_at + Duration::seconds(1);
    store
        .send_campaign(&second, &audit(sender, &second), &Copy)
        .unwrap();
    let listed = store.campaigns(50).unwrap();
    assert_eq!(
        listed.iter().map(|c| c.id).collect::<Vec<_>>(),
        [second.id, first.id]
    );
    let counts = |i: usize| {
        (
            listed[i].recipients,
            listed[i].delivered,
            listed[i].failed,
            listed[i].pending,
        )
    };
    assert_eq!(counts(0), (4, 0, 0, 4));
    assert_eq!(counts(1), (4, 2, 1, 1));
    assert_eq!(store.campaigns(1).unwrap().len(), 1);
}

fn many_recipients_are_written_in_batches(store: &Store) {
    let sender = common::members(store, 1)[0];
    for i in 0..1_003 {
        create(store, person(&format!("member{i}@example.org")));
    }
    assert_eq!(send(store, RecipientGroup::All, sender), 1_003);
    let to = outbox_recipients(store);
    assert_eq!(to.len(), 1_003);
    assert_eq!(to.iter().collect::<HashSet<_>>().len(), 1_003, "one each");
}

fn unsubscribing_withdraws_consent_once_and_for_all(store: &Store) {
    let sender = common::members(store, 1)[0];
    let ana = create(store, person("ana@example.org"));
    assert_eq!(store.marketing_address(ana).unwrap(), "ana@example.org");
    store.withdraw_marketing_consent(ana).unwrap();
    store.withdraw_marketing_consent(ana).unwrap();
    assert_eq!(send(store, RecipientGroup::All, sender), 0);
    assert!(
        !UserRepository::get(store, ana)
            .unwrap()
            .profile
            .marketing_consent
    );
    store.erase(ana, Utc::now()).unwrap();
    assert_eq!(store.marketing_address(ana), Err(RepoError::NotFound));
    assert_eq!(
        store.withdraw_marketing_consent(ana),
        Err(RepoError::NotFound)
    );
    assert_eq!(
        store.withdraw_marketing_consent(UserId::new()),
        Err(RepoError::NotFound)
    );
}
