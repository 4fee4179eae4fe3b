//! Sessions from the admin side: the list, creating one or a series, edits that tell the
//! people booked, and cancelling with refunds.

use crate::common;

use std::sync::{Arc, Mutex};

use actix_web::test::TestRequest;
use common::{
    TestApp, admin, book_card, book_cash, notifications, refused_callers, register, send, venue,
};
use playspace_ports::{
    CheckoutRequest, CheckoutSession, CheckoutState, GatewayError, PaymentGateway, Refund,
    RefundRequest,
};
use serde_json::{Value, json};

fn new_event(extra: Value) -> Value {
    let mut body = json!({
        "title": "Trans Swim",
        "description": "A relaxed swim for trans and non-binary people.",
        "category": "Swimming",
        "date": (chrono::Utc::now() + chrono::Duration::days(10)).to_rfc3339(),
    });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

fn patch(id: &str, body: Value) -> TestRequest {
    TestRequest::patch()
        .uri(&format!("/api/admin/events/{id}"))
        .set_json(body)
}

/// A gateway that records refunds and passes everything to the real (local) one.
struct Recording {
    inner: Arc<dyn PaymentGateway>,
    refunds: Arc<Mutex<Vec<RefundRequest>>>,
}

impl PaymentGateway for Recording {
    fn create_checkout(&self, r: &CheckoutRequest) -> Result<CheckoutSession, GatewayError> {
        self.inner.create_checkout(r)
    }
    fn retrieve_checkout(&self, id: &str) -> Result<CheckoutState, GatewayError> {
        self.inner.retrieve_checkout(id)
    }
    fn refund(&self, r: &RefundRequest) -> Result<Refund, GatewayError> {
        self.refunds.lock().unwrap().push(r.clone());
        self.inner.refund(r)
    }
    fn cancel_at_period_end(
        &self,
        subscription_id: &str,
    ) -> Result<Option<chrono::DateTime<chrono::Utc>>, GatewayError> {
        self.inner.cancel_at_period_end(subscription_id)
    }
}

#[actix_web::test]
async fn every_events_endpoint_is_for_admins_only() {
    let app = TestApp::new();
    let event = app.event(3, |e| e);
    let service = app.service().await;
    let requests = || {
        vec![
            TestRequest::get().uri("/api/admin/events"),
            TestRequest::post()
                .uri("/api/admin/events")
                .set_json(new_event(json!({}))),
            patch(&event.id.to_string(), json!({"title": "x"})),
            TestRequest::post()
                .uri("/api/admin/event-series")
                .set_json(json!({})),
            TestRequest::get().uri("/api/admin/leaders"),
        ]
    };
    for (token, status, code) in refused_callers(&app, &service).await {
        for request in requests() {
            let (got, _, body) = send(&service, request, token.as_deref()).await;
            assert_eq!((got, body["code"].as_str()), (status, Some(code)));
        }
    }
    assert!(
        app.audit()
            .iter()
            .all(|(a, _, _)| a.starts_with("admin.login"))
    );
}

#[actix_web::test]
async fn a_new_event_takes_the_specs_defaults_and_shows_on_the_events_page() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, admin_id) = admin(&app, &service).await;
    let lido = venue(&service, &token, "London Fields Lido", "Hackney").await;
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/events")
            .set_json(new_event(json!({"leaderId": admin_id, "venueId": lido}))),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let event = &body["event"];
    assert_eq!(event["duration"], 60);
    assert_eq!(event["maxParticipants"], 20);
    assert_eq!(event["price"], "0.00");
    assert_eq!(event["isActive"], true);
    assert_eq!(event["leaderId"], admin_id.as_str());
    assert_eq!(event["leaderName"], "Ana Silva");
    assert_eq!(event["location"], "London Fields Lido, Hackney");
    assert_eq!(event["venue"]["id"], lido.as_str());
    assert_eq!(event["venue"]["access"]["stepFree"], "yes");
    let id = event["id"].as_str().unwrap();

    let (_, _, listed) = send(&service, TestRequest::get().uri("/api/events"), None).await;
    assert!(listed.as_array().unwrap().iter().any(|e| e["id"] == id));
    let (_, _, page) = send(
        &service,
        TestRequest::get().uri("/api/admin/events?q=lido"),
        Some(&token),
    )
    .await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["events"][0]["id"], id);
    assert!(page.get("nextCursor").is_none_or(Value::is_null));
    assert!(
        app.audit()
            .contains(&("event.create".into(), "event".into(), Some(id.into())))
    );
}

#[actix_web::test]
async fn invalid_events_are_refused_with_a_message_per_field() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/events")
            .set_json(json!({
                "title": " ", "duration": 0, "maxParticipants": -1, "price": "abc",
                "leaderId": "not-anyone"
            })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    let f = &body["fieldErrors"];
    assert_eq!(f["title"], "Title is required");
    assert_eq!(f["venueId"], "Please choose a venue");
    assert_eq!(f["date"], "Please choose a date and time");
    assert_eq!(f["duration"], "Duration must be between 1 and 1440 minutes");
    assert_eq!(f["maxParticipants"], "Capacity must be between 1 and 10000");
    assert_eq!(f["price"], "Price must be an amount like 12.50");
    assert_eq!(
        f["leaderId"],
        "Choose a moderator or admin to lead this session"
    );
    let (status, _, body) = send(
        &service,
        TestRequest::get().uri("/api/admin/events?when=someday"),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, &body["fieldErrors"]["when"]),
        (400, &json!("Show upcoming, past or all events"))
    );
    let (status, _, _) = send(
        &service,
        TestRequest::get().uri("/api/admin/events?cursor=nope"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
}

#[actix_web::test]
async fn pages_of_twenty_cover_every_event_once() {
    let app = TestApp::new();
    for day in 1..=45 {
        app.event(day, |e| e);
    }
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let uri = match &cursor {
            Some(c) => format!("/api/admin/events?cursor={c}"),
            None => "/api/admin/events".into(),
        };
        let (status, _, page) = send(&service, TestRequest::get().uri(&uri), Some(&token)).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["total"], 45);
        let events = page["events"].as_array().unwrap();
        assert!(events.len() <= 20);
        seen.extend(
            events
                .iter()
                .map(|e| e["date"].as_str().unwrap().to_owned()),
        );
        match page["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    assert_eq!(seen.len(), 45);
    let mut sorted = seen.clone();
    sorted.sort();
    assert_eq!(seen, sorted, "soonest first");
}

#[actix_web::test]
async fn capacity_can_never_go_below_the_places_taken() {
    let app = TestApp::new();
    let event = app.event(5, |e| e.places(0, 10));
    let id = event.id.to_string();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    for email in ["a@example.org", "b@example.org", "c@example.org"] {
        let (member, _) = register(&service, email).await;
        book_cash(&service, &member, &id).await;
    }
    let (status, _, body) = send(
        &service,
        patch(&id, json!({"maxParticipants": 2})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["maxParticipants"],
        "There are already 3 places taken"
    );
    let (status, _, body) = send(
        &service,
        patch(&id, json!({"maxParticipants": 3, "title": "Full now"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["event"]["maxParticipants"], 3);
    assert_eq!(body["event"]["title"], "Full now");
    assert_eq!(
        body["notified"], 0,
        "a title is not news to the people booked"
    );
    let (status, _, _) = send(
        &service,
        patch(
            "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
            json!({"title": "x"}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 404);
}

#[actix_web::test]
async fn a_new_time_or_place_reaches_everyone_booked_exactly_once() {
    let app = TestApp::new();
    let event = app.event(5, |e| e.places(0, 10));
    let id = event.id.to_string();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let mut people = Vec::new();
    for email in ["a@example.org", "b@example.org"] {
        let (member, user) = register(&service, email).await;
        book_cash(&service, &member, &id).await;
        people.push(user);
    }
    // Someone who cancelled is not told.
    let (gone, _) = register(&service, "gone@example.org").await;
    let booking = book_cash(&service, &gone, &id).await;
    let (status, _, _) = send(
        &service,
        TestRequest::post().uri(&format!("/api/bookings/{booking}/cancel")),
        Some(&gone),
    )
    .await;
    assert_eq!(status, 200);
    let before = app.emails().len();

    let park = venue(&service, &token, "Victoria Park", "Tower Hamlets").await;
    let new_date = (event.starts_at + chrono::Duration::minutes(30)).to_rfc3339();
    let (status, _, body) = send(
        &service,
        patch(&id, json!({"date": new_date, "venueId": park})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["notified"], 2);
    let emails: Vec<_> = app.emails().into_iter().skip(before).collect();
    assert_eq!(emails.len(), 2);
    for (to, kind, text) in &emails {
        assert_eq!(kind, "event_changed");
        assert!(["a@example.org", "b@example.org"].contains(&to.as_str()));
        assert!(
            text.contains("New place: Victoria Park, Tower Hamlets"),
            "{text}"
        );
        assert!(text.contains("New time: "), "{text}");
    }
    let told: Vec<_> = notifications(&app)
        .into_iter()
        .filter(|(_, title)| title.starts_with("Changed: "))
        .map(|(user, _)| user)
        .collect();
    assert_eq!(told.len(), 2);
    assert!(people.iter().all(|p| told.contains(p)));
    // Saving the same values again tells nobody.
    let (_, _, body) = send(&service, patch(&id, json!({"venueId": park})), Some(&token)).await;
    assert_eq!(body["notified"], 0);
    assert!(
        app.audit()
            .iter()
            .filter(|(a, _, r)| a == "event.update" && r.as_deref() == Some(&id))
            .count()
            == 2
    );
}

#[actix_web::test]
async fn cancelling_a_session_cancels_bookings_refunds_cards_and_tells_everyone() {
    let app = TestApp::new();
    let event = app.event(5, |e| e.places(0, 2).price_pence(600));
    let id = event.id.to_string();
    let refunds = Arc::new(Mutex::new(Vec::new()));
    let recorded = refunds.clone();
    let service = app
        .service_with(move |state| {
            state.gateway = Arc::new(Recording {
                inner: state.gateway.clone(),
                refunds: recorded,
            });
        })
        .await;
    let (token, _) = admin(&app, &service).await;
    let (cash, _) = register(&service, "cash@example.org").await;
    book_cash(&service, &cash, &id).await;
    let (card, _) = register(&service, "card@example.org").await;
    book_card(&service, &card, &id).await;
    let (waiting, _) = register(&service, "waiting@example.org").await;
    let (status, _, body) = send(
        &service,
        TestRequest::post().uri(&format!("/api/events/{id}/waitlist")),
        Some(&waiting),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let before = app.emails().len();

    let (status, _, body) = send(
        &service,
        patch(&id, json!({"isActive": false})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["notified"], 3);
    assert_eq!(body["event"]["isActive"], false);
    assert_eq!(body["event"]["currentParticipants"], 0);

    let refunds = refunds.lock().unwrap().clone();
    assert_eq!(refunds.len(), 1, "only the card payment");
    assert_eq!(refunds[0].amount_pence, 600);
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&card),
    )
    .await;
    assert_eq!(mine[0]["status"], "cancelled");
    assert_eq!(mine[0]["paymentStatus"], "refunded");
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&cash),
    )
    .await;
    assert_eq!(mine[0]["status"], "cancelled");

    let emails: Vec<_> = app.emails().into_iter().skip(before).collect();
    assert_eq!(emails.len(), 3, "{emails:?}");
    let text_for = |to: &str| emails.iter().find(|(t, _, _)| t == to).unwrap().2.clone();
    assert!(text_for("card@example.org").contains("refunding £6.00 to your card"));
    assert!(text_for("cash@example.org").contains("You don't need to pay anything"));
    assert!(text_for("waiting@example.org").contains("waitlist"));
    assert!(emails.iter().all(|(_, kind, _)| kind == "event_cancelled"));
    // Gone from the public site.
    let (status, _, _) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await;
    assert_eq!(status, 404);
    // Cancelling again tells nobody twice.
    let (_, _, body) = send(
        &service,
        patch(&id, json!({"isActive": false})),
        Some(&token),
    )
    .await;
    assert_eq!(body["notified"], 0);
    assert_eq!(app.emails().len(), before + 3);
    assert!(
        app.audit()
            .contains(&("event.cancel".into(), "event".into(), Some(id.clone())))
    );
}

#[actix_web::test]
async fn a_weekly_series_is_made_edited_onwards_and_a_date_skipped() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let first = chrono::Utc::now().date_naive() + chrono::Duration::days(7);
    let until = first + chrono::Duration::weeks(5);
    let skip = first + chrono::Duration::weeks(2);
    let lido = venue(&service, &token, "London Fields Lido", "Hackney").await;
    let mut body = new_event(json!({"venueId": lido}));
    body["firstDate"] = json!(first.to_string());
    body["time"] = json!("18:30");
    body["intervalWeeks"] = json!(1);
    body["until"] = json!(until.to_string());
    body["skipDates"] = json!([skip.to_string()]);
    let (status, _, created) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/event-series")
            .set_json(body),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let events = created["events"].as_array().unwrap();
    assert_eq!(events.len(), 5, "six weeks, one skipped");
    let series = created["seriesId"].as_str().unwrap();
    assert!(events.iter().all(|e| e["seriesId"] == series));
    let (_, _, public) = send(&service, TestRequest::get().uri("/api/events"), None).await;
    assert_eq!(public.as_array().unwrap().len(), 5, "on /events");

    // Moving the second session an hour later and onwards moves the rest too.
    let second = &events[1];
    let later = chrono::DateTime::parse_from_rfc3339(second["date"].as_str().unwrap()).unwrap()
        + chrono::Duration::hours(1);
    let (status, _, body) = send(
        &service,
        TestRequest::patch()
            .uri(&format!(
                "/api/admin/events/{}?scope=following",
                second["id"].as_str().unwrap()
            ))
            .set_json(json!({"date": later.to_rfc3339(), "maxParticipants": 12})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["updated"], 4);
    let (_, _, page) = send(
        &service,
        TestRequest::get().uri("/api/admin/events"),
        Some(&token),
    )
    .await;
    let london = |iso: &str| {
        chrono::DateTime::parse_from_rfc3339(iso)
            .unwrap()
            .with_timezone(&chrono_tz::Europe::London)
            .format("%H:%M")
            .to_string()
    };
    let rows = page["events"].as_array().unwrap();
    assert_eq!(london(rows[0]["date"].as_str().unwrap()), "18:30");
    assert_eq!(rows[0]["maxParticipants"], 20);
    for row in &rows[1..] {
        assert_eq!(london(row["date"].as_str().unwrap()), "19:30");
        assert_eq!(row["maxParticipants"], 12);
    }

    // Skipping a date is cancelling that one session.
    let (status, _, _) = send(
        &service,
        patch(rows[2]["id"].as_str().unwrap(), json!({"isActive": false})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, public) = send(&service, TestRequest::get().uri("/api/events"), None).await;
    assert_eq!(public.as_array().unwrap().len(), 4);

    let mut bad = new_event(json!({"venueId": lido}));
    bad["firstDate"] = json!(first.to_string());
    bad["time"] = json!("6pm");
    bad["intervalWeeks"] = json!(3);
    bad["until"] = json!((first - chrono::Duration::days(1)).to_string());
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/event-series")
            .set_json(bad),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["time"],
        "Please enter a time like 18:30"
    );
    assert_eq!(
        body["fieldErrors"]["intervalWeeks"],
        "Repeat every week or every 2 weeks"
    );
    assert!(
        app.audit()
            .iter()
            .any(|(a, t, r)| a == "series.create" && t == "series" && r.as_deref() == Some(series))
    );
}

#[actix_web::test]
async fn leaders_are_moderators_and_admins() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (_, moderator) = register(&service, "mod@example.org").await;
    app.set_role(&moderator, "moderator");
    register(&service, "member@example.org").await;
    let (status, _, body) = send(
        &service,
        TestRequest::get().uri("/api/admin/leaders"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    let roles: Vec<&str> = body["leaders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles.len(), 2);
    assert!(roles.contains(&"moderator") && roles.contains(&"admin"));
}
