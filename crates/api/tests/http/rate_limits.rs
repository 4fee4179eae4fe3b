//! Rate limits one client cannot multiply: per-address limits count an IPv6 /64 (and an
//! IPv4-mapped address) as one client, and each anonymous write has a ceiling for everyone
//! together that a crowd of addresses meets, while signed-in writes and reads go on.

use crate::common;

use actix_web::test;
use common::{TestApp, book_cash, get_json, post_json, register, send, send_from, sign_up};
use playspace_api::client_address::TrustedProxies;
use playspace_api::rate_limit::{
    ANONYMOUS_STORIES, AnonymousWrite, CONTACT_MESSAGES, LOGIN_PER_IP, Limit,
    NEWSLETTER_CONFIRM_PER_IP, NEWSLETTER_SIGN_UPS, PASSWORD_RESETS, SIGN_UPS, UNSUBSCRIBE_PER_IP,
};
use serde_json::{Value, json};

const BUSY: &str = "Lots of people are writing to us right now. Please try again in a few minutes.";

fn contact(_: usize) -> Value {
    json!({
        "firstName": "Ana", "lastName": "Silva", "email": "ana@example.org",
        "subject": "accessibility", "message": "Is the changing room at Haggerston step-free?"
    })
}

fn story(_: usize) -> Value {
    json!({
        "title": "My first swim in years",
        "content": "I was nervous walking in, but the coach met me at the door and the group made me welcome.",
        "excerpt": "Getting back in the water with friends.",
        "category": "Member Story",
        "authorName": "Maya"
    })
}

fn newsletter(i: usize) -> Value {
    json!({ "email": format!("reader{i}@example.org") })
}

fn account(i: usize) -> Value {
    sign_up(&format!("person{i}@example.org"))
}

fn reset(i: usize) -> Value {
    json!({ "email": format!("someone{i}@example.org") })
}

fn login(i: usize) -> Value {
    json!({ "email": format!("someone{i}@example.org"), "password": "not-the-password" })
}

fn token(_: usize) -> Value {
    json!({ "token": "not-a-signed-token" })
}

/// An endpoint limited per address, the limit, and a body for the i-th request.
struct PerAddress {
    uri: &'static str,
    limit: Limit,
    body: fn(usize) -> Value,
}

const PER_ADDRESS: [PerAddress; 8] = [
    PerAddress {
        uri: "/api/contact",
        limit: CONTACT_MESSAGES.per_address,
        body: contact,
    },
    PerAddress {
        uri: "/api/blog-posts/submit",
        limit: ANONYMOUS_STORIES.per_address,
        body: story,
    },
    PerAddress {
        uri: "/api/newsletter",
        limit: NEWSLETTER_SIGN_UPS.per_address,
        body: newsletter,
    },
    PerAddress {
        uri: "/api/auth/register",
        limit: SIGN_UPS.per_address,
        body: account,
    },
    PerAddress {
        uri: "/api/auth/forgot-password",
        limit: PASSWORD_RESETS.per_address,
        body: reset,
    },
    PerAddress {
        uri: "/api/auth/login",
        limit: LOGIN_PER_IP,
        body: login,
    },
    PerAddress {
        uri: "/api/newsletter/confirm",
        limit: NEWSLETTER_CONFIRM_PER_IP,
        body: token,
    },
    PerAddress {
        uri: "/api/unsubscribe",
        limit: UNSUBSCRIBE_PER_IP,
        body: token,
    },
];

/// `POST uri` from `peer` ("[v6]:port" or "v4:port"): status, Retry-After, body.
async fn post(service: &svc!(), uri: &str, peer: &str, body: &Value) -> (u16, Option<u64>, Value) {
    let (status, headers, body) = post_json(service, uri, peer, body).await;
    let retry = headers
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    (status, retry, body)
}

#[actix_web::test]
async fn every_address_of_one_ipv6_64_shares_one_quota() {
    for endpoint in PER_ADDRESS {
        let app = TestApp::new();
        let service = app.service().await;
        let uri = endpoint.uri;
        // Each request from another address of 2001:db8:1:2::/64.
        for i in 0..endpoint.limit.max {
            let peer = format!("[2001:db8:1:2:{:x}::{:x}]:4000", i + 1, i + 7);
            let (status, _, body) = post(&service, uri, &peer, &(endpoint.body)(i)).await;
            assert_ne!(status, 429, "{uri} #{i}: {body}");
        }
        let fresh = endpoint.limit.max;
        let (status, retry, body) = post(
            &service,
            uri,
            "[2001:db8:1:2:ffff:ffff:ffff:fffe]:4000",
            &(endpoint.body)(fresh),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (429, Some("rate_limited")),
            "{uri}"
        );
        assert_ne!(
            body["error"], BUSY,
            "{uri}: the address's own limit, not the ceiling"
        );
        let retry = retry.unwrap_or_else(|| panic!("{uri}: Retry-After"));
        assert!(
            retry >= 1 && retry <= endpoint.limit.window.as_secs(),
            "{uri}: {retry}"
        );
        // The next /64 is someone else.
        let (status, _, body) = post(
            &service,
            uri,
            "[2001:db8:1:3::1]:4000",
            &(endpoint.body)(fresh + 1),
        )
        .await;
        assert_ne!(status, 429, "{uri}: {body}");
    }
}

#[actix_web::test]
async fn an_ipv4_mapped_address_counts_as_the_ipv4_address() {
    let app = TestApp::new();
    let service = app.service().await;
    let limit = CONTACT_MESSAGES.per_address.max;
    for i in 0..limit {
        // Alternating spellings of one client.
        let peer = if i.is_multiple_of(2) {
            "192.0.2.10:4000"
        } else {
            "[::ffff:192.0.2.10]:4000"
        };
        let (status, _, body) = post(&service, "/api/contact", peer, &contact(i)).await;
        assert_eq!(status, 201, "{body}");
    }
    for peer in ["192.0.2.10:4001", "[::ffff:192.0.2.10]:4001"] {
        let (status, _, _) = post(&service, "/api/contact", peer, &contact(0)).await;
        assert_eq!(status, 429, "{peer}");
    }
    let (status, _, _) = post(&service, "/api/contact", "192.0.2.11:4000", &contact(0)).await;
    assert_eq!(status, 201);
}

/// An anonymous write with its body and the status a request that gets through answers.
struct Anonymous {
    uri: &'static str,
    write: AnonymousWrite,
    body: fn(usize) -> Value,
    ok: u16,
}

const ANONYMOUS: [Anonymous; 5] = [
    Anonymous {
        uri: "/api/contact",
        write: CONTACT_MESSAGES,
        body: contact,
        ok: 201,
    },
    Anonymous {
        uri: "/api/blog-posts/submit",
        write: ANONYMOUS_STORIES,
        body: story,
        ok: 201,
    },
    Anonymous {
        uri: "/api/newsletter",
        write: NEWSLETTER_SIGN_UPS,
        body: newsletter,
        ok: 200,
    },
    Anonymous {
        uri: "/api/auth/register",
        write: SIGN_UPS,
        body: account,
        ok: 202,
    },
    Anonymous {
        uri: "/api/auth/forgot-password",
        write: PASSWORD_RESETS,
        body: reset,
        ok: 200,
    },
];

/// A peer in its own /64 and its own IPv4 address, by turns: every request another client.
fn stranger(i: usize) -> String {
    if i.is_multiple_of(2) {
        format!("[2001:db8:{:x}::1]:4000", i + 1)
    } else {
        format!("10.{}.{}.1:4000", i / 256, i % 256)
    }
}

#[actix_web::test]
async fn a_crowd_of_addresses_meets_each_anonymous_writes_ceiling() {
    for write in ANONYMOUS {
        let app = TestApp::new();
        let service = app.service().await;
        let uri = write.uri;
        let ceiling = write.write.everyone.max;
        for i in 0..ceiling {
            let (status, _, body) = post(&service, uri, &stranger(i), &(write.body)(i)).await;
            assert_eq!(status, write.ok, "{uri} #{i}: {body}");
        }
        let (status, retry, body) =
            post(&service, uri, &stranger(ceiling), &(write.body)(ceiling)).await;
        assert_eq!(status, 429, "{uri}: {body}");
        assert_eq!(body["code"], "rate_limited", "{uri}");
        assert_eq!(body["error"], BUSY, "{uri}");
        let retry = retry.unwrap_or_else(|| panic!("{uri}: Retry-After"));
        assert!((1..=600).contains(&retry), "{uri}: {retry}");
    }
}

#[actix_web::test]
async fn a_refused_crowd_leaves_nothing_behind() {
    let app = TestApp::new();
    let service = app.service().await;
    let ceiling = CONTACT_MESSAGES.everyone.max;
    for i in 0..ceiling + 5 {
        post(&service, "/api/contact", &stranger(i), &contact(i)).await;
    }
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let path = app.db.path().join("test.db");
    let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    let kept = diesel::sql_query("SELECT COUNT(*) AS n FROM contact_messages")
        .get_result::<Count>(&mut conn)
        .unwrap()
        .n;
    assert_eq!(kept, i64::try_from(ceiling).unwrap());
}

#[actix_web::test]
async fn honeypot_catches_do_not_spend_the_ceiling() {
    let app = TestApp::new();
    let service = app.service().await;
    let ceiling = NEWSLETTER_SIGN_UPS.everyone.max;
    for i in 0..ceiling * 2 {
        let robot =
            json!({ "email": format!("bot{i}@example.org"), "website": "http://spam.example" });
        let (status, _, _) = post(&service, "/api/newsletter", &stranger(i), &robot).await;
        assert_eq!(status, 200);
    }
    for i in 0..ceiling {
        let (status, _, body) = post(
            &service,
            "/api/newsletter",
            &stranger(1_000 + i),
            &newsletter(i),
        )
        .await;
        assert_eq!(status, 200, "#{i}: {body}");
    }
    let (status, _, body) = post(
        &service,
        "/api/newsletter",
        &stranger(2_000),
        &newsletter(ceiling),
    )
    .await;
    assert_eq!((status, body["error"].as_str()), (429, Some(BUSY)));
}

#[actix_web::test]
async fn signed_in_writes_and_reads_go_on_while_strangers_are_held_back() {
    let app = TestApp::new();
    let service = app.service().await;
    let event = app.event(3, |e| e.title("Sunday swim"));
    let (token, _) = register(&service, "maya@example.org").await;
    // Strangers fill the stories' and the contact form's ceilings.
    for (uri, write, body) in [
        (
            "/api/blog-posts/submit",
            ANONYMOUS_STORIES,
            story as fn(usize) -> Value,
        ),
        ("/api/contact", CONTACT_MESSAGES, contact),
    ] {
        for i in 0..write.everyone.max {
            post(&service, uri, &stranger(i), &body(i)).await;
        }
        let (status, _, body) = post(&service, uri, &stranger(500), &body(0)).await;
        assert_eq!((status, body["error"].as_str()), (429, Some(BUSY)), "{uri}");
    }
    // A signed-in member's story is theirs to answer for: only their address's limit applies.
    let (status, _, body) = send(
        &service,
        test::TestRequest::post()
            .uri("/api/blog-posts/submit")
            .set_json(story(0)),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    // Booking, signing in and reading are not anonymous writes.
    book_cash(&service, &token, &event.id.to_string()).await;
    let (status, _, body) = post(
        &service,
        "/api/auth/login",
        "192.0.2.50:4000",
        &json!({ "email": "maya@example.org", "password": common::PASSWORD }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    for uri in ["/api/events", "/api/blog-posts"] {
        let (status, _) = get_json(&service, uri).await;
        assert_eq!(status, 200, "{uri}");
    }
}

/// The app with `TRUSTED_PROXIES` set to `list`.
async fn behind_proxies(app: &TestApp, list: &str) -> svc!() {
    let trusted = TrustedProxies::parse(list).unwrap();
    app.service_with(|state| {
        let mut config = (*state.config).clone();
        config.trusted_proxies = trusted;
        state.config = std::sync::Arc::new(config);
    })
    .await
}

/// A wrong-password login from `peer` carrying `X-Forwarded-For: forwarded` (when given).
async fn login_via(service: &svc!(), peer: &str, forwarded: Option<&str>, i: usize) -> u16 {
    let mut request = test::TestRequest::post()
        .uri("/api/auth/login")
        .set_json(login(i));
    if let Some(forwarded) = forwarded {
        request = request.insert_header(("X-Forwarded-For", forwarded));
    }
    send_from(service, request, None, peer).await.0
}

#[actix_web::test]
async fn behind_a_trusted_proxy_each_forwarded_visitor_has_their_own_login_limit() {
    let app = TestApp::new();
    let service = behind_proxies(&app, "127.0.0.1, ::1").await;
    for i in 0..LOGIN_PER_IP.max {
        let status = login_via(&service, "127.0.0.1", Some("203.0.113.7"), i).await;
        assert_eq!(status, 401, "try {i}");
    }
    let next = LOGIN_PER_IP.max;
    assert_eq!(
        login_via(&service, "127.0.0.1", Some("203.0.113.7"), next).await,
        429
    );
    // Another visitor through the same proxy is counted apart.
    assert_eq!(
        login_via(&service, "127.0.0.1", Some("198.51.100.2"), next + 1).await,
        401
    );
    // Addresses the first visitor writes in front of the proxy's are not read.
    assert_eq!(
        login_via(
            &service,
            "127.0.0.1",
            Some("198.51.100.99, 203.0.113.7"),
            next + 2
        )
        .await,
        429
    );
    // A visitor reaching the server directly cannot claim to be someone else.
    for i in 0..LOGIN_PER_IP.max {
        let status = login_via(&service, "192.0.2.50", Some(&format!("10.0.0.{i}")), i).await;
        assert_eq!(status, 401, "try {i}");
    }
    assert_eq!(
        login_via(&service, "192.0.2.50", Some("10.0.0.200"), next).await,
        429,
        "an untrusted peer's header is ignored"
    );

    // Sessions record the forwarded address too.
    let (_, id) = register(&service, "ana@example.org").await;
    let request = test::TestRequest::post()
        .uri("/api/auth/login")
        .insert_header(("X-Forwarded-For", "2001:db8:5::9"))
        .set_json(json!({ "email": "ana@example.org", "password": common::PASSWORD }));
    let (status, _, body) = send_from(&service, request, None, "127.0.0.1").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(session_ips(&app, &id), ["10.1.1.1", "2001:db8:5::9"]);
}

#[actix_web::test]
async fn without_trusted_proxies_a_forged_forwarded_for_escapes_no_limit() {
    let app = TestApp::new();
    let service = app.service().await;
    for i in 0..LOGIN_PER_IP.max {
        let forged = format!("203.0.113.{i}");
        assert_eq!(
            login_via(&service, "127.0.0.1", Some(&forged), i).await,
            401
        );
    }
    let next = LOGIN_PER_IP.max;
    for forged in [Some("198.51.100.2"), None, Some("127.0.0.2, 198.51.100.3")] {
        assert_eq!(
            login_via(&service, "127.0.0.1", forged, next).await,
            429,
            "{forged:?}"
        );
    }
}

/// The addresses `user_id`'s sessions were opened from, in order.
fn session_ips(app: &TestApp, user_id: &str) -> Vec<String> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
        ip: Option<String>,
    }
    let path = app.db.path().join("test.db");
    let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query(format!(
        "SELECT ip FROM sessions WHERE user_id = '{user_id}' ORDER BY created_at"
    ))
    .load::<Row>(&mut conn)
    .unwrap()
    .into_iter()
    .filter_map(|row| row.ip)
    .collect()
}
