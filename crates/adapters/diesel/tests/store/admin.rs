//! The admin side of the store on both backends: admin sessions, the audit trail.

use crate::common;

use chrono::{Duration, Utc};
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::{AuditEntry, Session, UserId};
use playspace_ports::{
    AuditFilter, AuditLog, BookingRepository, DashboardRepository, SessionRepository,
    UserRepository,
};
use playspace_store::Store;

use common::{event, members, request};

on_both_backends!(
    an_admin_session_opens_extends_and_closes,
    a_password_change_closes_the_admin_session,
    the_audit_trail_is_newest_first_and_filtered,
    the_dashboard_counts_on_both_backends,
    the_dashboard_counts_membership_income,
    the_last_admin_cannot_erase_themselves,
    audit_pages_follow_the_cursor_through_entries_of_one_instant,
    an_admin_erasing_their_own_account_is_audited_with_the_erasure,
);

fn signed_in(store: &Store) -> (UserId, Session) {
    let user = members(store, 1)[0];
    let session = Session::start(user, Utc::now(), Some("Firefox"), Some("10.0.0.1"));
    store.start(&session).unwrap();
    (user, session)
}

fn entry(user: UserId, action: &'static str) -> AuditEntry {
    AuditEntry::new(user, action, "session", None, Utc::now())
}

fn an_admin_session_opens_extends_and_closes(store: &Store) {
    let (user, session) = signed_in(store);
    let now = Utc::now();
    let until = now + Duration::minutes(30);
    store
        .open_admin(session.id, until, &entry(user, "admin.login"))
        .unwrap();
    let (found, _) = SessionRepository::get(store, session.id).unwrap();
    assert!(found.has_admin(now));
    // Stored to the second or better on both backends.
    assert!(
        (found.admin_until.unwrap() - until)
            .num_milliseconds()
            .abs()
            < 1
    );

    store
        .extend_admin(session.id, until + Duration::minutes(5))
        .unwrap();
    let (found, _) = SessionRepository::get(store, session.id).unwrap();
    assert!(found.has_admin(until + Duration::minutes(4)));
    // Never moved backwards.
    store.extend_admin(session.id, until).unwrap();
    let (found, _) = SessionRepository::get(store, session.id).unwrap();
    assert!(found.has_admin(until + Duration::minutes(4)));

    store
        .close_admin(session.id, &entry(user, "admin.logout"))
        .unwrap();
    let (found, _) = SessionRepository::get(store, session.id).unwrap();
    assert_eq!(found.admin_until, None);
    assert!(found.is_active(now), "the sign-in stays");
    // A closed admin session is not revived by an extension.
    store
        .extend_admin(session.id, now + Duration::hours(1))
        .unwrap();
    let (found, _) = SessionRepository::get(store, session.id).unwrap();
    assert_eq!(found.admin_until, None);

    // An ended sign-in cannot be opened.
    store.revoke(session.id, now).unwrap();
    assert_eq!(
        store.open_admin(session.id, until, &entry(user, "admin.login")),
        Err(playspace_ports::RepoError::NotFound)
    );
    let actions: Vec<String> = store
        .latest(&AuditFilter::default(), 10)
        .unwrap()
        .into_iter()
        .map(|r| r.action)
        .collect();
    assert_eq!(actions, ["admin.logout", "admin.login"]);
}

fn a_password_change_closes_the_admin_session(store: &Store) {
    let (user, session) = signed_in(store);
    store
        .open_admin(
            session.id,
            Utc::now() + Duration::minutes(30),
            &entry(user, "admin.login"),
        )
        .unwrap();
    store
        .change_password(user, "new-hash", session.id, Utc::now())
        .unwrap();
    let (found, _) = SessionRepository::get(store, session.id).unwrap();
    assert!(found.is_active(Utc::now()));
    assert_eq!(found.admin_until, None);
}

fn the_audit_trail_is_newest_first_and_filtered(store: &Store) {
    let people = members(store, 2);
    let t0 = Utc::now();
    for (i, (who, action)) in [
        (people[0], "user.update"),
        (people[1], "event.update"),
        (people[0], "event.update"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut e = AuditEntry::new(who, action, "event", Some(format!("r{i}")), t0)
            .detail("fields", "title,price")
            .from_client(Some("10.0.0.1".into()), Some("Firefox".into()));
        e.at = t0 + Duration::seconds(i as i64);
        store.record(&e).unwrap();
    }
    let all = store.latest(&AuditFilter::default(), 50).unwrap();
    let ids: Vec<_> = all.iter().map(|r| r.resource_id.clone().unwrap()).collect();
    assert_eq!(ids, ["r2", "r1", "r0"]);
    assert_eq!(all[0].details, r#"{"fields":"title,price"}"#);
    assert_eq!(all[0].user_name.as_deref(), Some("Racer 0"));
    assert_eq!(all[0].ip_address.as_deref(), Some("10.0.0.1"));

    let by_action = AuditFilter {
        action: Some("event.update".into()),
        ..AuditFilter::default()
    };
    assert_eq!(store.latest(&by_action, 50).unwrap().len(), 2);
    let by_both = AuditFilter {
        action: Some("event.update".into()),
        user_id: Some(people[0]),
    };
    assert_eq!(store.latest(&by_both, 50).unwrap().len(), 1);
    assert_eq!(store.latest(&AuditFilter::default(), 1).unwrap().len(), 1);

    // An erased actor is shown as such, never by their old name.
    store.erase(people[0], Utc::now()).unwrap();
    assert_eq!(
        store.latest(&AuditFilter::default(), 1).unwrap()[0]
            .user_name
            .as_deref(),
        Some("Erased account")
    );
}

fn the_dashboard_counts_on_both_backends(store: &Store) {
    let people = members(store, 3);
    let e = event(store, 10);
    let mut paid = request(people[0], &e, None);
    paid.booking.payment_status = playspace_domain::PaymentStatus::Paid;
    paid.booking.amount = playspace_domain::Money::from_pence(123_450).unwrap();
    store.book(&paid, Utc::now()).unwrap();
    store
        .book(&request(people[1], &e, None), Utc::now())
        .unwrap();
    let windows = playspace_domain::stats::StatsWindows::at(Utc::now());
    let d = store.dashboard(&windows).unwrap();
    assert_eq!(d.users_total, 3);
    assert_eq!((d.users_new_this_month, d.users_verified), (3, 3));
    assert_eq!(
        (d.bookings_total, d.bookings_pending, d.bookings_paid),
        (2, 1, 1)
    );
    for revenue in [d.revenue, d.booking_revenue] {
        assert_eq!(revenue.total.to_string(), "1234.50");
        assert_eq!(revenue.this_month.to_string(), "1234.50");
    }
    assert_eq!(d.membership_revenue, playspace_ports::Revenue::default());
    assert_eq!(d.card_bookings, 0);
    assert_eq!(d.bookings_per_week.len(), 12);
    assert_eq!(d.bookings_per_week[11], 2);
    assert_eq!(d.cash_bookings, 2);
    assert_eq!(d.fill_by_sport.len(), 1);
    assert_eq!((d.fill_by_sport[0].1, d.fill_by_sport[0].2), (10, 2));
    assert_eq!(d.events_active, 1);

    // A cancelled booking leaves the live counts and the payment methods.
    let cancelled = request(people[2], &e, None);
    store.book(&cancelled, Utc::now()).unwrap();
    store
        .cancel(cancelled.booking.id, None, &[], &[], Utc::now())
        .unwrap();
    let d = store.dashboard(&windows).unwrap();
    assert_eq!((d.bookings_total, d.bookings_pending), (2, 1));
    assert_eq!((d.cash_bookings, d.bookings_per_week[11]), (2, 3));
}

/// Membership income at a fixed moment (20 June 2030, so June is this month): every paid
/// plan's first payment and renewals while it ran; never unpaid checkouts or free plans.
fn the_dashboard_counts_membership_income(store: &Store) {
    use chrono::TimeZone;
    use playspace_domain::booking_rules::Plan;
    use playspace_ports::{Membership, MembershipRepository, Revenue};

    let at = |m, d| Utc.with_ymd_and_hms(2030, m, d, 10, 0, 0).unwrap();
    let [ana, bo, cy, dee, eve] = members(store, 5)[..] else {
        unreachable!()
    };
    let plan = |id: &str, user, plan: Plan, start| Membership {
        id: id.into(),
        user_id: user,
        plan,
        status: "pending".into(),
        price_pence: plan.monthly_price_pence(),
        start_date: start,
        end_date: None,
    };
    let buy = |m: Membership| {
        let session = format!("cs_{}", m.id);
        store.create_pending(&m, &session, m.start_date).unwrap();
        store
            .activate_paid(&session, Some(format!("sub_{}", m.id)), m.start_date)
            .unwrap()
            .unwrap();
    };
    // Paid 10 April, renewed 10 May and 10 June: £45.00, £15.00 of it this month.
    buy(plan("a", ana, Plan::Active, at(4, 10)));
    // Paid 25 May, replaced by the free plan on 5 June before renewing: £30.00.
    buy(plan("b", bo, Plan::Champion, at(5, 25)));
    let free = Membership {
        status: "active".into(),
        ..plan("b-free", bo, Plan::Community, at(6, 5))
    };
    store.activate(&free, at(6, 5)).unwrap();
    // A checkout never paid, and a free plan: nothing.
    let unpaid = plan("c", cy, Plan::Active, at(6, 2));
    store.create_pending(&unpaid, "cs_c", at(6, 2)).unwrap();
    store
        .activate(
            &Membership {
                status: "active".into(),
                ..plan("d", dee, Plan::Community, at(3, 1))
            },
            at(3, 1),
        )
        .unwrap();
    // Paid 1 June, cancelled to end on 1 July: £15.00, this month.
    buy(plan("e", eve, Plan::Active, at(6, 1)));
    assert!(store.end_at("e", at(7, 1), at(6, 2)).unwrap());

    let windows = playspace_domain::stats::StatsWindows::at(at(6, 20));
    let d = store.dashboard(&windows).unwrap();
    let pounds = |total: i64, month: i64| Revenue {
        total: playspace_domain::Money::from_pence(total).unwrap(),
        this_month: playspace_domain::Money::from_pence(month).unwrap(),
    };
    assert_eq!(d.membership_revenue, pounds(9000, 3000));
    assert_eq!(d.booking_revenue, Revenue::default());
    assert_eq!(
        d.revenue,
        pounds(9000, 3000),
        "bookings and memberships together"
    );
}

fn admin(store: &Store, email: &str) -> UserId {
    let user = playspace_test_support::user_with_email(email);
    store
        .create_or_promote_admin(&playspace_ports::NewUserRecord {
            user: user.clone(),
            password_hash: "hash".into(),
            registration_ip: None,
            access_note: None,
        })
        .unwrap();
    store.find_by_email(&user.email).unwrap().unwrap().0.id
}

fn the_last_admin_cannot_erase_themselves(store: &Store) {
    let only = admin(store, "only@example.org");
    assert_eq!(
        store.erase(only, Utc::now()),
        Err(playspace_ports::RepoError::Conflict)
    );
    assert!(UserRepository::get(store, only).is_ok(), "nothing erased");
    let second = admin(store, "second@example.org");
    store.erase(only, Utc::now()).unwrap();
    assert_eq!(
        store.erase(second, Utc::now()),
        Err(playspace_ports::RepoError::Conflict),
        "an erased admin is nobody's admin"
    );
    // Members erase themselves whether or not there is an admin.
    store.erase(members(store, 1)[0], Utc::now()).unwrap();
}

/// Every page of `filter`, 50 at a time, following each page's cursor (sent and read back
/// as the API does) until there is none.
fn all_pages(store: &Store, filter: &AuditFilter) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    let mut after = None;
    loop {
        let page = store.page(filter, after, 50).unwrap();
        pages.push(
            page.items
                .iter()
                .map(|r| r.resource_id.clone().unwrap())
                .collect(),
        );
        match page.next {
            Some(next) => after = Some(PageCursor::decode(&next.encode()).unwrap()),
            None => return pages,
        }
    }
}

fn audit_pages_follow_the_cursor_through_entries_of_one_instant(store: &Store) {
    let people = members(store, 2);
    let t0 = Utc::now() - Duration::hours(1);
    // 130 entries in 13 instants, ten at each (ids, time-ordered, break the ties), by two
    // people and two actions.
    let mut written = Vec::new();
    for i in 0..130_i64 {
        let action = if i % 2 == 0 {
            "user.update"
        } else {
            "event.update"
        };
        let who = people[usize::from(i % 3 == 0)];
        let mut e = AuditEntry::new(who, action, "user", Some(format!("r{i:03}")), t0);
        e.at = t0 + Duration::seconds(i / 10);
        store.record(&e).unwrap();
        written.push((e.at, i, action, who));
    }
    // Newest first; within an instant, the later-written (larger id) first.
    let expect = |keep: &dyn Fn(&str, UserId) -> bool| -> Vec<String> {
        let mut rows: Vec<_> = written
            .iter()
            .filter(|(_, _, action, who)| keep(action, *who))
            .collect();
        rows.sort_by_key(|row| std::cmp::Reverse((row.0, row.1)));
        rows.iter().map(|(_, i, _, _)| format!("r{i:03}")).collect()
    };

    let pages = all_pages(store, &AuditFilter::default());
    assert_eq!(
        pages.iter().map(Vec::len).collect::<Vec<_>>(),
        [50, 50, 30],
        "pages of 50 until the end, and no cursor after the last"
    );
    assert_eq!(pages.concat(), expect(&|_, _| true));

    // A filter pages within what matches, whether the page ends inside an instant or not.
    let updates = AuditFilter {
        action: Some("event.update".into()),
        ..AuditFilter::default()
    };
    let pages = all_pages(store, &updates);
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [50, 15]);
    assert_eq!(
        pages.concat(),
        expect(&|action, _| action == "event.update")
    );
    let theirs = AuditFilter {
        action: Some("user.update".into()),
        user_id: Some(people[1]),
    };
    let pages = all_pages(store, &theirs);
    assert_eq!(
        pages.concat(),
        expect(&|action, who| action == "user.update" && who == people[1])
    );

    // A page that holds all that matches has no cursor; 50 of 65 leave 15 for the next.
    let fifty = AuditFilter {
        action: Some("user.update".into()),
        ..AuditFilter::default()
    };
    let page = store.page(&fifty, None, 65).unwrap();
    assert_eq!((page.items.len(), page.next), (65, None));
    let page = store.page(&fifty, None, 50).unwrap();
    assert!(page.next.is_some());
    let rest = store.page(&fifty, page.next, 50).unwrap();
    assert_eq!((rest.items.len(), rest.next), (15, None));

    // A cursor past the oldest reads an empty page.
    let past = PageCursor::new(t0 - Duration::days(1), UserId::new().to_string());
    let page = store.page(&AuditFilter::default(), Some(past), 50).unwrap();
    assert!(page.items.is_empty() && page.next.is_none());
}

fn an_admin_erasing_their_own_account_is_audited_with_the_erasure(store: &Store) {
    let first = admin(store, "first@example.org");
    admin(store, "second@example.org");
    let entry = AuditEntry::new(
        first,
        "user.delete",
        "user",
        Some(first.to_string()),
        Utc::now(),
    )
    .detail("self", "true")
    .detail("role", "admin")
    .from_client(Some("10.0.0.7".into()), Some("Firefox".into()));
    store
        .erase_audited(first, Utc::now(), Some(&entry))
        .unwrap();
    let trail = store.latest(&AuditFilter::default(), 50).unwrap();
    assert_eq!(trail.len(), 1);
    assert_eq!(
        (trail[0].action.as_str(), trail[0].resource_id.as_deref()),
        ("user.delete", Some(first.to_string().as_str()))
    );
    assert_eq!(trail[0].details, r#"{"role":"admin","self":"true"}"#);
    assert_eq!(trail[0].ip_address.as_deref(), Some("10.0.0.7"));
    assert_eq!(trail[0].user_name.as_deref(), Some("Erased account"));

    // Refused as the last admin: neither the erasure nor its entry is kept.
    let last = store.find_by_email(&playspace_domain::Email::parse("second@example.org").unwrap());
    let last = last.unwrap().unwrap().0.id;
    let entry = AuditEntry::new(
        last,
        "user.delete",
        "user",
        Some(last.to_string()),
        Utc::now(),
    );
    assert_eq!(
        store.erase_audited(last, Utc::now(), Some(&entry)),
        Err(playspace_ports::RepoError::Conflict)
    );
    assert_eq!(store.latest(&AuditFilter::default(), 50).unwrap().len(), 1);
}
