//! Faults the site survives (issue 25), each against the real `playspace serve` binary
//! where the fault is a process's (a stopped database, SIGKILL) and in-process where it is a
//! provider's (the email and payment providers failing). SIGTERM with requests in flight
//! is in `shutdown`. Every bound below (2 s, 5 s) is the correctness bound, not a
//! benchmark.

use crate::common;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::process::{call, count, serve_with, try_call, within};
use common::{TestApp, admin, register};
use playspace_test_support::postgres_cluster::PostgresCluster;
use serde_json::{Value, json};

/// Live places that do not match the bookings holding them: events whose count differs
/// from their confirmed and held (pending) bookings, a companion being a second place.
const MISCOUNTED_EVENTS: &str = "SELECT COUNT(*) AS n FROM events e WHERE e.current_participants <> \
     (SELECT COALESCE(SUM(CASE WHEN b.companion THEN 2 ELSE 1 END), 0) FROM bookings b \
      WHERE b.event_id = e.id AND b.status IN ('confirmed', 'pending'))";

/// A private PostgreSQL cluster this test may stop; `None` (skipped, as every PostgreSQL
/// test is) without `TEST_DATABASE_URL`, except under CI.
fn private_cluster() -> Option<PostgresCluster> {
    if std::env::var("TEST_DATABASE_URL").is_err() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but TEST_DATABASE_URL is unset: run the tests through scripts/test"
        );
        eprintln!("TEST_DATABASE_URL unset: skipping PostgreSQL test");
        return None;
    }
    Some(PostgresCluster::start().expect("PostgreSQL's initdb and pg_ctl"))
}

/// One request's outcome, seen from the client.
#[derive(Debug)]
struct Seen {
    what: &'static str,
    sent: Instant,
    took: Duration,
    status: Option<u16>,
    body: String,
}

#[actix_web::test]
async fn postgres_database_outage_answers_503_fast_and_recovers_without_a_restart() {
    let Some(cluster) = private_cluster() else {
        return;
    };
    let app = TestApp::on_postgres_at(cluster.url()).without_rate_limits();
    let url = app.postgres_url().unwrap();
    let service = app.service().await;
    admin(&app, &service).await;
    let mut members = Vec::new();
    for i in 0..12 {
        members.push(
            register(&service, &format!("swimmer{i}@example.org"))
                .await
                .0,
        );
    }
    let session = app.event(3, |e| e.title("Lido Swim").places(0, 40));
    drop(service);
    let mut served = serve_with(
        &url,
        Some(&app.data_dir()),
        app.frontend_path(),
        &[("RATE_LIMITS", "off")],
    );
    let pid = served.pid();
    let addr = served.addr;
    let session_id = session.id.to_string();
    let book = |token: &str| {
        try_call(
            addr,
            "POST",
            "/api/bookings",
            Some(token),
            json!({ "eventId": session_id }),
        )
    };
    for token in &members[..3] {
        let booked = book(token).unwrap();
        assert_eq!(booked.status, 201, "{}", booked.body);
    }

    // Traffic from three clients throughout: the list, one session, a booking each round
    // (members 3 to 11 in turn, each until it is booked), and the readiness check.
    let stop = AtomicBool::new(false);
    let seen: Mutex<Vec<Seen>> = Mutex::new(Vec::new());
    let booked: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    let (stopped_at, started_at) = std::thread::scope(|scope| {
        for client in 0..3 {
            let (stop, seen, booked, members, session_id) =
                (&stop, &seen, &booked, &members, &session_id);
            scope.spawn(move || {
                let mut round = 0;
                while !stop.load(Ordering::Relaxed) {
                    round += 1;
                    let member = 3 + (client * 3 + round % 3);
                    let (what, answer, sent) = {
                        let sent = Instant::now();
                        let (what, answer) = match round % 4 {
                            0 => (
                                "list",
                                try_call(addr, "GET", "/api/events", None, Value::Null),
                            ),
                            1 => (
                                "session",
                                try_call(
                                    addr,
                                    "GET",
                                    &format!("/api/events/{session_id}"),
                                    None,
                                    Value::Null,
                                ),
                            ),
                            2 if !booked.lock().unwrap().contains(&member) => {
                                let answer = try_call(
                                    addr,
                                    "POST",
                                    "/api/bookings",
                                    Some(&members[member]),
                                    json!({ "eventId": session_id }),
                                );
                                if answer.as_ref().is_some_and(|a| a.status == 201) {
                                    booked.lock().unwrap().push(member);
                                }
                                ("booking", answer)
                            }
                            _ => (
                                "readyz",
                                try_call(addr, "GET", "/readyz", None, Value::Null),
                            ),
                        };
                        (what, answer, sent)
                    };
                    seen.lock().unwrap().push(Seen {
                        what,
                        sent,
                        took: sent.elapsed(),
                        status: answer.as_ref().map(|a| a.status),
                        body: answer.map(|a| a.body).unwrap_or_default(),
                    });
                    std::thread::sleep(Duration::from_millis(20));
                }
            });
        }
        // Some traffic first, then the database stops for ten seconds under it.
        std::thread::sleep(Duration::from_millis(500));
        cluster.stop();
        let stopped_at = Instant::now();
        std::thread::sleep(Duration::from_secs(10));
        cluster.start_again();
        let started_at = Instant::now();
        // Ready again within 5 s of the database's return, by itself.
        let ready = within(Duration::from_secs(5), || {
            try_call(addr, "GET", "/readyz", None, Value::Null).is_some_and(|a| a.status == 200)
        });
        eprintln!("ready {ready:?} after the database returned");
        assert!(
            ready.is_some(),
            "not ready 5 s after the database returned: {}",
            served.log()
        );
        // Let the clients see the recovered service for a moment, then stop them.
        std::thread::sleep(Duration::from_millis(500));
        stop.store(true, Ordering::Relaxed);
        (stopped_at, started_at)
    });

    let seen = seen.into_inner().unwrap();
    let during = |s: &&Seen| s.sent > stopped_at && s.sent + s.took < started_at;
    assert!(seen.iter().filter(during).count() > 50, "traffic went on");
    for s in &seen {
        assert!(
            s.took < Duration::from_secs(2),
            "a {} request took {:?} ({:?}): {}",
            s.what,
            s.took,
            s.status,
            s.body
        );
        assert!(s.status.is_some(), "a {} request got no answer", s.what);
    }
    for s in seen.iter().filter(during) {
        assert_eq!(
            s.status,
            Some(503),
            "{} during the outage: {}",
            s.what,
            s.body
        );
        let body: Value =
            serde_json::from_str(&s.body).unwrap_or_else(|e| panic!("{e}: {}", s.body));
        assert!(
            body["error"].is_string() && body["code"].is_string(),
            "{body}"
        );
    }
    let failed_during = seen.iter().filter(during).count();
    eprintln!(
        "{} requests, {failed_during} while the database was down, slowest {:?}",
        seen.len(),
        seen.iter().map(|s| s.took).max()
    );

    // The same process serves again: the list, and bookings for every member the outage
    // refused (none of them half-made: each books once, now).
    assert_eq!(served.exited(), None);
    assert_eq!(served.pid(), pid);
    let listed = call(addr, "GET", "/api/events", None, Value::Null);
    assert_eq!(listed.status, 200, "{}", listed.body);
    let booked = booked.into_inner().unwrap();
    for member in (3..12).filter(|m| !booked.contains(m)) {
        let answer = book(&members[member]).unwrap();
        assert_eq!(answer.status, 201, "member {member}: {}", answer.body);
    }
    assert_eq!(
        count(
            &url,
            &format!(
                "SELECT COUNT(*) AS n FROM bookings WHERE event_id = '{session_id}' \
                 AND status = 'confirmed'"
            )
        ),
        12
    );
    assert_eq!(count(&url, MISCOUNTED_EVENTS), 0);
    drop(served);
}
