//! CSV exports over HTTP: who may download them, the file's name, header and cells, formula
//! escaping, and that nothing secret or special-category ever leaves in one.

use crate::common;

use actix_web::body::BodySize;
use actix_web::test::{self, TestRequest};
use common::{TestApp, admin, refused_callers, register, send};
use serde_json::json;

fn export(kind: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/admin/export/{kind}"))
}

/// Status, headers and the body as text.
async fn download(
    service: &svc!(),
    kind: &str,
    token: &str,
) -> (u16, actix_web::http::header::HeaderMap, String) {
    let request = export(kind)
        .insert_header(("Authorization", format!("Bearer {token}")))
        .peer_addr("10.1.1.1:4000".parse().unwrap())
        .to_request();
    let response = test::call_service(service, request).await;
    let status = response.status().as_u16();
    if status == 200 {
        // Sent as it is read, never collected whole first.
        assert_eq!(response.response().body().size(), BodySize::Stream);
    }
    let headers = response.headers().clone();
    let body = test::read_body(response).await;
    (status, headers, String::from_utf8(body.to_vec()).unwrap())
}

fn london_today() -> String {
    playspace_domain::london::day_of(chrono::Utc::now())
        .format("%Y-%m-%d")
        .to_string()
}

#[actix_web::test]
async fn only_admins_with_an_admin_session_may_export() {
    let app = TestApp::new();
    let service = app.service().await;
    let expectations = refused_callers(&app, &service).await;
    for (token, status, code) in expectations {
        for kind in ["users", "events", "bookings", "passwords"] {
            let (got, _, body) = send(&service, export(kind), token.as_deref()).await;
            assert_eq!((got, body["code"].as_str()), (status, Some(code)), "{kind}");
        }
    }
    assert!(app.audit().iter().all(|(a, _, _)| a != "data.export"));

    let (token, _) = admin(&app, &service).await;
    let (status, _, body) = send(&service, export("passwords"), Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("export_not_found"))
    );
}

#[actix_web::test]
async fn exports_are_named_csv_files_with_their_columns() {
    let app = TestApp::new();
    let event = app.event(3, |e| {
        e.title("=HYPERLINK(\"http://evil\")").price_pence(550)
    });
    let service = app.service().await;
    let (token, admin_id) = admin(&app, &service).await;
    let (member_token, member_id) = register(&service, "member@example.org").await;
    let (status, _, booking) = send(
        &service,
        TestRequest::post().uri("/api/bookings").set_json(json!({
            "eventId": event.id.to_string(),
            "accessibilityRequirements": "Hearing loop please"
        })),
        Some(&member_token),
    )
    .await;
    assert_eq!(status, 201, "{booking}");

    let (status, headers, users) = download(&service, "users", &token).await;
    assert_eq!(status, 200);
    assert_eq!(
        headers.get("content-type").unwrap(),
        "text/csv; charset=utf-8"
    );
    assert_eq!(
        headers
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap(),
        format!(
            "attachment; filename=\"users-export-{}.csv\"",
            london_today()
        )
    );
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    let mut lines = users.lines();
    assert_eq!(
        lines.next(),
        Some(
            "id,firstName,lastName,email,role,isEmailVerified,marketingConsent,createdAt,lastLogin"
        )
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 2);
    let admin_row = rows.iter().find(|r| r.starts_with(&admin_id)).unwrap();
    assert!(admin_row.starts_with(&format!(
        "{admin_id},Ana,Silva,admin@example.org,admin,true,false,"
    )));

    let (status, headers, events) = download(&service, "events", &token).await;
    assert_eq!(status, 200);
    assert!(
        headers
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("events-export-")
    );
    let mut lines = events.lines();
    assert_eq!(
        lines.next(),
        Some(
            "id,title,category,location,date,duration,maxParticipants,currentParticipants,price,isActive,leaderId,seriesId"
        )
    );
    let row = lines.next().unwrap();
    assert!(
        row.starts_with(&format!(
            "{},\"'=HYPERLINK(\"\"http://evil\"\")\",Football,",
            event.id
        )),
        "a formula arrives as text: {row}"
    );
    assert!(row.ends_with(",90,20,1,5.50,true,,"), "{row}");

    let (status, _, bookings) = download(&service, "bookings", &token).await;
    assert_eq!(status, 200);
    let mut lines = bookings.lines();
    assert_eq!(
        lines.next(),
        Some(
            "id,reference,userId,eventId,eventTitle,eventDate,status,paymentStatus,paymentMethod,amount,companion,attendance,createdAt"
        )
    );
    let row = lines.next().unwrap();
    assert!(row.starts_with(&format!(
        "{},{},{member_id},{},",
        booking["id"].as_str().unwrap(),
        booking["reference"].as_str().unwrap(),
        event.id
    )));
    assert!(
        row.contains(",confirmed,pending,cash,5.50,false,,"),
        "{row}"
    );

    let exported: Vec<Option<String>> = app
        .audit()
        .into_iter()
        .filter(|(a, _, _)| a == "data.export")
        .map(|(_, _, id)| id)
        .collect();
    assert_eq!(
        exported,
        [
            Some("users".to_owned()),
            Some("events".to_owned()),
            Some("bookings".to_owned())
        ]
    );
}

#[actix_web::test]
async fn nothing_secret_or_special_category_is_ever_exported() {
    let app = TestApp::new();
    let event = app.event(3, |e| e);
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    // The sign-up carries medical conditions, access needs, an emergency contact, an
    // address and a date of birth.
    let (member_token, _) = register(&service, "member@example.org").await;
    send(
        &service,
        TestRequest::post().uri("/api/bookings").set_json(json!({
            "eventId": event.id.to_string(),
            "accessibilityRequirements": "Wheelchair user"
        })),
        Some(&member_token),
    )
    .await;
    let (status, _, created) = send(
        &service,
        TestRequest::post().uri("/api/admin/users").set_json(json!({
            "firstName": "=cmd()", "lastName": "+SUM(A1)", "email": "formula@example.org",
            "password": "river-stone-9", "role": "user"
        })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let (_, erased_id) = register(&service, "gone@example.org").await;
    send(
        &service,
        TestRequest::post()
            .uri("/api/admin/users/bulk-action")
            .set_json(json!({"action": "delete", "userIds": [erased_id]})),
        Some(&token),
    )
    .await;

    let mut everything = String::new();
    for kind in ["users", "events", "bookings"] {
        let (status, _, csv) = download(&service, kind, &token).await;
        assert_eq!(status, 200);
        everything.push_str(&csv);
    }
    for never in [
        "Asthma",
        "Step-free access",
        "Wheelchair user",
        "Jo Silva",
        "07700 900456",
        "07700 900123",
        "Mare Street",
        "E8 4RP",
        "1990-05-17",
        "$argon2",
        "erased.invalid",
        "gone@example.org",
    ] {
        assert!(!everything.contains(never), "{never} leaked");
    }
    assert!(everything.contains(",'=cmd(),'+SUM(A1),formula@example.org,user,"));
    let erased_row = everything
        .lines()
        .find(|l| l.starts_with(&erased_id))
        .unwrap();
    assert!(
        erased_row.starts_with(&format!("{erased_id},,,,user,false,false,")),
        "{erased_row}"
    );
    assert!(erased_row.ends_with(','), "no last login: {erased_row}");
}

#[actix_web::test]
async fn a_large_export_arrives_whole_across_chunks() {
    let app = TestApp::new();
    app.sql(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2345) \
         INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at) \
         SELECT printf('01937b9e-0000-7000-8000-%012d', i), printf('bulk%d@example.org', i), '!', \
         'Bulk', printf('Member %d', i), '2026-01-01 10:00:00', '2026-01-01 10:00:00' FROM n",
    );
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, _, csv) = download(&service, "users", &token).await;
    assert_eq!(status, 200);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines.len(),
        1 + 2345 + 1,
        "header, the members and the admin"
    );
    assert!(lines[1].starts_with("01937b9e-0000-7000-8000-000000000001,Bulk,Member 1,"));
    assert!(lines[2345].starts_with("01937b9e-0000-7000-8000-000000002345,"));
    let mut ids: Vec<&str> = lines[1..].iter().map(|l| &l[..36]).collect();
    ids.dedup();
    assert_eq!(ids.len(), 2346, "no row twice");
}
