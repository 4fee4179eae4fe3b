//! Access needs, private by default (ADR 0023), on SQLite and PostgreSQL: the member's needs
//! and consent, the copy their bookings carry, and each "never" of the rule: never another
//! member, never a moderator of another session, never an export, never a log line, never
//! an email to anyone but the member.

use crate::common;

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use actix_web::test::TestRequest;
use common::{TestApp, admin, admin_with_role, register, send};
use playspace_domain::access_needs::CHOICES_MESSAGE;
use serde_json::{Value, json};

/// Each test once over SQLite and once over PostgreSQL.
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[actix_web::test] async fn $name() { super::$name(super::TestApp::new()).await; })+
        }
        mod postgres {
            $(#[actix_web::test] async fn $name() {
                if let Some(app) = super::TestApp::on_postgres() { super::$name(app).await; }
            })+
        }
    };
}

on_both_backends!(
    needs_are_the_members_own_checked_and_unshared_until_they_say,
    shared_needs_reach_only_that_sessions_leader_and_admins,
    typed_on_the_booking_form_is_shared_with_that_booking_only,
    a_member_changes_what_their_upcoming_booking_says,
);

fn needs_uri() -> TestRequest {
    TestRequest::get().uri("/api/user/access-needs")
}

fn put_needs(body: Value) -> TestRequest {
    TestRequest::put()
        .uri("/api/user/access-needs")
        .set_json(body)
}

fn register_of(event: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/admin/events/{event}/register"))
}

async fn lead(service: &svc!(), admin: &str, event: &str, leader: &str) {
    let (status, _, body) = send(
        service,
        TestRequest::patch()
            .uri(&format!("/api/admin/events/{event}"))
            .set_json(json!({ "leaderId": leader })),
        Some(admin),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

async fn book(service: &svc!(), token: &str, body: Value) -> Value {
    let (status, _, booking) = send(
        service,
        TestRequest::post().uri("/api/bookings").set_json(body),
        Some(token),
    )
    .await;
    assert_eq!(status, 201, "{booking}");
    booking
}

/// The register line of `booking` as `token` sees it (`None`: not on it).
async fn line(service: &svc!(), token: &str, event: &str, booking: &str) -> Option<Value> {
    let (status, _, body) = send(service, register_of(event), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    body["attendees"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["bookingId"] == booking)
        .cloned()
}

/// Everything the process logs, at every level, from the first call on (the subscriber is
/// the process's: each test looks for words only it wrote).
fn captured_logs() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&logs);
        // Everything the application's own crates say, and what others say at debug.
        let filter = tracing_subscriber::EnvFilter::new(
            "debug,playspace_api=trace,playspace_app=trace,playspace_store=trace",
        );
        tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::FULL)
            .with_writer(move || Sink(Arc::clone(&sink)))
            .try_init()
            .expect("no other test installs a subscriber");
        logs
    })
    .clone()
}

struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

async fn needs_are_the_members_own_checked_and_unshared_until_they_say(app: TestApp) {
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let (status, headers, body) = send(&service, needs_uri(), Some(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    assert_eq!(
        body,
        json!({"needs": [], "note": "Step-free access", "shareWithLeader": false}),
        "what the sign-up form said, kept as the note and not shared"
    );

    let (status, _, body) = send(
        &service,
        put_needs(json!({"needs": ["large-print", "step-free"], "note": "  Ramp at the side  ", "shareWithLeader": true})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let saved = json!({"needs": ["step-free", "large-print"], "note": "Ramp at the side", "shareWithLeader": true});
    assert_eq!(body, saved);
    assert_eq!(send(&service, needs_uri(), Some(&token)).await.2, saved);

    let (status, _, body) = send(
        &service,
        put_needs(json!({"needs": ["jetpack"], "note": "é".repeat(2001)})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(body["fieldErrors"]["needs"], CHOICES_MESSAGE);
    assert_eq!(
        body["fieldErrors"]["note"],
        "Must be at most 2000 characters"
    );
    assert_eq!(
        send(&service, needs_uri(), Some(&token)).await.2,
        saved,
        "nothing saved"
    );

    let (status, _, body) = send(&service, needs_uri(), None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("unauthenticated"))
    );
    let (status, _, _) = send(&service, put_needs(json!({"needs": []})), None).await;
    assert_eq!(status, 401);
}

async fn shared_needs_reach_only_that_sessions_leader_and_admins(app: TestApp) {
    let logs = captured_logs();
    let secret = format!("Hoist-{}", uuid_like());
    let session = app.event(3, |e| e.places(0, 10)).id.to_string();
    let elsewhere = app.event(4, |e| e.places(0, 10)).id.to_string();
    let service = app.service().await;
    let (admin_token, _) = admin(&app, &service).await;
    let (leader, leader_id) =
        admin_with_role(&app, &service, "leader@example.org", "moderator").await;
    let (other_leader, other_id) =
        admin_with_role(&app, &service, "other@example.org", "moderator").await;
    lead(&service, &admin_token, &session, &leader_id).await;
    lead(&service, &admin_token, &elsewhere, &other_id).await;
    let (member, member_id) = register(&service, "ana@example.org").await;
    let (someone, _) = register(&service, "bo@example.org").await;
    // Three bookings: on the Community plan (2 a month) this would fail whenever all three
    // sessions fall in one month. The allowance is not what this test is about.
    unlimited_plan(&app, &member_id);

    // Private by default: a booking saying nothing carries nothing.
    let quiet = book(&service, &member, json!({"eventId": elsewhere})).await;
    assert_eq!(quiet["accessNeeds"], json!([]));
    assert!(quiet["accessibilityRequirements"].is_null());

    let (status, _, _) = send(
        &service,
        put_needs(
            json!({"needs": ["step-free", "quiet-space"], "note": secret, "shareWithLeader": true}),
        ),
        Some(&member),
    )
    .await;
    assert_eq!(status, 200);
    let booking = book(&service, &member, json!({"eventId": session})).await;
    let booking_id = booking["id"].as_str().unwrap();
    assert_eq!(booking["accessNeeds"], json!(["step-free", "quiet-space"]));
    assert_eq!(booking["accessibilityRequirements"], secret.as_str());
    assert_eq!(booking["accessNeedsFromProfile"], true);
    book(&service, &someone, json!({"eventId": session})).await;

    // That session's leader and an admin see them on the register.
    for token in [&leader, &admin_token] {
        let line = line(&service, token, &session, booking_id).await.unwrap();
        assert_eq!(line["accessNeeds"], json!(["step-free", "quiet-space"]));
        assert_eq!(line["accessibilityRequirements"], secret.as_str());
    }
    // The booking made before sharing was on still carries nothing.
    let quiet_line = line(
        &service,
        &other_leader,
        &elsewhere,
        quiet["id"].as_str().unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(quiet_line["accessNeeds"], json!([]));
    assert!(quiet_line["accessibilityRequirements"].is_null());

    // Never a moderator of another session.
    let (status, _, body) = send(&service, register_of(&session), Some(&other_leader)).await;
    assert_eq!(status, 403);
    assert!(!body.to_string().contains(&secret));

    // Never another member, on anything they can reach.
    for uri in [
        format!("/api/events/{session}"),
        format!("/api/events/{session}/attendees"),
        "/api/events".to_owned(),
        "/api/bookings".to_owned(),
        format!("/api/admin/events/{session}/register"),
    ] {
        let (_, _, body) = send(&service, TestRequest::get().uri(&uri), Some(&someone)).await;
        assert!(!body.to_string().contains(&secret), "{uri}");
        let (_, _, body) = send(&service, TestRequest::get().uri(&uri), None).await;
        assert!(!body.to_string().contains(&secret), "{uri} signed out");
    }

    // Never an export, not even an admin's.
    for kind in ["users", "events", "bookings"] {
        let request = TestRequest::get()
            .uri(&format!("/api/admin/export/{kind}"))
            .insert_header(("Authorization", format!("Bearer {admin_token}")))
            .to_request();
        let response = actix_web::test::call_service(&service, request).await;
        assert_eq!(response.status(), 200, "{kind}");
        let body = actix_web::test::read_body(response).await;
        let text = String::from_utf8_lossy(&body);
        assert!(!text.contains(&secret), "{kind} export");
        assert!(!text.contains("quiet-space"), "{kind} export");
    }
    // The member's own data export is theirs to have (right of access).
    let (_, _, own) = send(
        &service,
        TestRequest::get().uri("/api/user/export"),
        Some(&member),
    )
    .await;
    assert_eq!(own["accessNeeds"]["note"], secret.as_str());

    // Turning sharing off takes them off the upcoming register at once.
    let (status, _, _) = send(
        &service,
        put_needs(json!({"needs": ["step-free", "quiet-space"], "note": secret, "shareWithLeader": false})),
        Some(&member),
    )
    .await;
    assert_eq!(status, 200);
    for token in [&leader, &admin_token] {
        let line = line(&service, token, &session, booking_id).await.unwrap();
        assert_eq!(line["accessNeeds"], json!([]));
        assert!(line["accessibilityRequirements"].is_null());
    }
    // And new bookings no longer carry them.
    let later = app.event(5, |e| e.places(0, 10)).id.to_string();
    let next = book(&service, &member, json!({"eventId": later})).await;
    assert_eq!(next["accessNeeds"], json!([]));
    assert!(next["accessibilityRequirements"].is_null());

    // Never an email to anyone but the member; never a log line.
    for (to, kind, body) in app.emails() {
        assert!(
            to == "ana@example.org" || !body.contains(&secret),
            "{kind} to {to}"
        );
    }
    let logged = String::from_utf8_lossy(&logs.lock().unwrap()).into_owned();
    assert!(!logged.is_empty(), "the capture works");
    assert!(!logged.contains(&secret), "never a log line");
}

/// Gives the member the Active plan (unlimited bookings), as a paid checkout would.
fn unlimited_plan(app: &TestApp, member_id: &str) {
    use playspace_ports::{Membership, MembershipRepository};
    let plan = playspace_domain::booking_rules::Plan::Active;
    let membership = Membership {
        id: format!("m-{member_id}"),
        user_id: member_id.parse().unwrap(),
        plan,
        status: "active".into(),
        price_pence: plan.monthly_price_pence(),
        start_date: chrono::Utc::now() - chrono::Duration::minutes(1),
        end_date: None,
    };
    app.store.activate(&membership, chrono::Utc::now()).unwrap();
}

async fn typed_on_the_booking_form_is_shared_with_that_booking_only(app: TestApp) {
    let session = app.event(3, |e| e.places(0, 10)).id.to_string();
    let service = app.service().await;
    let (admin_token, _) = admin(&app, &service).await;
    let (member, _) = register(&service, "ana@example.org").await;
    // Sharing is off (the default): what the form says is this booking's, as the spec has it.
    let booking = book(
        &service,
        &member,
        json!({"eventId": session, "accessibilityRequirements": " BSL interpreter please ", "accessNeeds": ["bsl-interpreter"]}),
    )
    .await;
    assert_eq!(booking["accessNeeds"], json!(["bsl-interpreter"]));
    assert_eq!(booking["accessNeedsFromProfile"], false);
    let line = line(
        &service,
        &admin_token,
        &session,
        booking["id"].as_str().unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(line["accessibilityRequirements"], "BSL interpreter please");
    assert_eq!(line["accessNeeds"], json!(["bsl-interpreter"]));
    // The profile is untouched by it.
    let (_, _, mine) = send(&service, needs_uri(), Some(&member)).await;
    assert_eq!(mine["needs"], json!([]));
    assert_eq!(mine["shareWithLeader"], false);

    let other = app.event(4, |e| e.places(0, 10)).id.to_string();
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/bookings")
            .set_json(json!({"eventId": other, "accessNeeds": ["wings"]})),
        Some(&member),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["fieldErrors"]["accessNeeds"], CHOICES_MESSAGE);
}

async fn a_member_changes_what_their_upcoming_booking_says(app: TestApp) {
    let session = app.event(3, |e| e.places(0, 10)).id.to_string();
    let service = app.service().await;
    let (member, _) = register(&service, "ana@example.org").await;
    let (someone, _) = register(&service, "bo@example.org").await;
    let booking = book(&service, &member, json!({"eventId": session})).await;
    let id = booking["id"].as_str().unwrap();
    let edit = |body: Value| {
        TestRequest::put()
            .uri(&format!("/api/bookings/{id}/access-needs"))
            .set_json(body)
    };
    let (status, _, body) = send(
        &service,
        edit(json!({"accessNeeds": ["companion"], "accessibilityRequirements": "My PA comes with me"})),
        Some(&member),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["accessNeeds"], json!(["companion"]));
    assert_eq!(body["accessibilityRequirements"], "My PA comes with me");
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&member),
    )
    .await;
    assert!(mine.to_string().contains("My PA comes with me"));

    let (status, _, body) =
        send(&service, edit(json!({"accessNeeds": ["x"]})), Some(&member)).await;
    assert_eq!(status, 400);
    assert_eq!(body["fieldErrors"]["accessNeeds"], CHOICES_MESSAGE);
    let (status, _, body) = send(&service, edit(json!({})), Some(&someone)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("booking_not_found"))
    );
    assert_eq!(send(&service, edit(json!({})), None).await.0, 401);

    let (status, _, _) = send(
        &service,
        TestRequest::post().uri(&format!("/api/bookings/{id}/cancel")),
        Some(&member),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _, body) = send(&service, edit(json!({})), Some(&member)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("booking_closed"))
    );
}

/// Words no other test writes.
fn uuid_like() -> String {
    playspace_domain::UserId::new().to_string()
}
