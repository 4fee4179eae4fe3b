//! Two `playspace serve` processes on one PostgreSQL database act as one site (ADRs
//! 0026-0029): a booking rush split across both sells exactly the places there are; a new
//! session made on one is listed by the other, and counted by its overview, within a second;
//! the login limit counts both servers' tries together; a booking on one reaches a
//! notification stream held by the other within a second (again after the database drops
//! their listening connections); a sign-out on one holds on the other; and the timed work
//! and the outbox, run by both, send one reminder per booking and each email once. Skipped
//! without PostgreSQL, as the other PostgreSQL tests are.

use crate::common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chrono::Utc;
use common::{RawAnswer, TestApp, admin, register, request_at, venue};
use diesel::prelude::*;
use serde_json::{Value, json};

/// One `playspace serve` process, killed when dropped.
struct Served {
    child: Child,
    addr: SocketAddr,
    data: tempfile::TempDir,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts a server on a free port over `url`, with the secrets of `secrets_from` (every
/// server of a site shares them) and a data directory of its own (its mailbox).
fn serve(url: &str, secrets_from: &Path, frontend: &Path) -> Served {
    let data = tempfile::tempdir().unwrap();
    let secrets = data.path().join("secrets");
    std::fs::create_dir_all(&secrets).unwrap();
    for file in std::fs::read_dir(secrets_from.join("secrets")).unwrap() {
        let file = file.unwrap();
        std::fs::copy(file.path(), secrets.join(file.file_name())).unwrap();
    }
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let log = std::fs::File::create(data.path().join("server.log")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_playspace"))
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", url)
        .env("BIND", addr.to_string())
        .env("PUBLIC_URL", format!("http://{addr}"))
        .env("DATA_DIR", data.path())
        .env("FRONTEND_DIR", frontend)
        .env("DB_POOL_SIZE", "8")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let served = Served { child, addr, data };
    let ready = Instant::now();
    while TcpStream::connect(addr).is_err()
        || request_at(addr, "GET /readyz HTTP/1.1", "").status != 200
    {
        assert!(
            ready.elapsed() < Duration::from_secs(20),
            "the server did not start: {}",
            std::fs::read_to_string(served.data.path().join("server.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(25));
    }
    served
}

/// A JSON request to `addr`, as `token` when given.
fn call(addr: SocketAddr, method: &str, path: &str, token: Option<&str>, body: Value) -> RawAnswer {
    let auth = token.map_or_else(String::new, |t| format!("\r\nAuthorization: Bearer {t}"));
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    request_at(
        addr,
        &format!("{method} {path} HTTP/1.1\r\nContent-Type: application/json{auth}"),
        &body,
    )
}

/// Waits up to `within` for `condition`; how long it took, or `None`.
fn within(within: Duration, condition: impl Fn() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < within {
        if condition() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

fn count(url: &str, sql: &str) -> i64 {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = diesel::PgConnection::establish(url).unwrap();
    diesel::sql_query(sql)
        .get_result::<Count>(&mut conn)
        .unwrap()
        .n
}

fn participants(addr: SocketAddr, event: &str) -> i64 {
    call(
        addr,
        "GET",
        &format!("/api/events/{event}"),
        None,
        Value::Null,
    )
    .json()["currentParticipants"]
        .as_i64()
        .unwrap()
}

#[actix_web::test]
async fn postgres_two_servers_on_one_database_act_as_one_site() {
    let Some(app) = TestApp::on_postgres() else {
        return;
    };
    let app = app.without_rate_limits();
    let url = app.postgres_url().unwrap();
    // Set up through the app in this process (same database, same secrets).
    let service = app.service().await;
    let (admin_token, _) = admin(&app, &service).await;
    let lido = venue(&service, &admin_token, "London Fields Lido", "Hackney").await;
    let mut rushers = Vec::new();
    for i in 0..16 {
        rushers.push(
            register(&service, &format!("rusher{i}@example.org"))
                .await
                .0,
        );
    }
    let (watcher, _) = register(&service, "watcher@example.org").await;
    // Bookings made a day ago of a session starting in 50 minutes: its one-hour reminder
    // is due, and both servers' first sweep, at start, races for each.
    let soon = app.event(0, |e| {
        e.title("Soon")
            .starts_at(Utc::now() + chrono::Duration::minutes(50))
            .places(0, 30)
    });
    for i in 0..4 {
        let (token, _) = register(&service, &format!("early{i}@example.org")).await;
        common::book_cash(&service, &token, &soon.id.to_string()).await;
    }
    app.sql("UPDATE bookings SET created_at = created_at - INTERVAL '1 day'");
    let rush = app.event(5, |e| e.title("Rush").places(0, 10));
    let other = app.event(6, |e| e.title("Watched").places(0, 10));
    drop(service);

    let a = serve(&url, &app.data_dir(), app.frontend_path());
    let b = serve(&url, &app.data_dir(), app.frontend_path());

    // One reminder per booking, however many servers swept.
    assert!(
        within(Duration::from_secs(15), || count(
            &url,
            "SELECT COUNT(*) AS n FROM reminders_sent WHERE sent"
        ) >= 4)
        .is_some()
    );

    // A rush split across both servers sells exactly the places there are.
    let rush_id = rush.id.to_string();
    let sold: usize = std::thread::scope(|scope| {
        let handles: Vec<_> = rushers
            .iter()
            .enumerate()
            .map(|(i, token)| {
                let addr = if i % 2 == 0 { a.addr } else { b.addr };
                let rush_id = &rush_id;
                scope.spawn(move || {
                    let answer = call(
                        addr,
                        "POST",
                        "/api/bookings",
                        Some(token),
                        json!({ "eventId": rush_id }),
                    );
                    assert!(
                        [201, 409].contains(&answer.status),
                        "{} {}",
                        answer.status,
                        answer.body
                    );
                    usize::from(answer.status == 201)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(sold, 10);
    assert_eq!(participants(a.addr, &rush_id), 10);
    assert_eq!(participants(b.addr, &rush_id), 10);

    // A session made on one server is listed by the other within a second (its list was
    // cached just before).
    let listed = |addr: SocketAddr| call(addr, "GET", "/api/events", None, Value::Null).body;
    assert!(!listed(b.addr).contains("Pop-up Swim"));
    // The overview's figures, cached on the other server for 30 s unless told (ADR 0009).
    let sessions_counted = |addr: SocketAddr| {
        let stats = call(
            addr,
            "GET",
            "/api/admin/dashboard-stats",
            Some(&admin_token),
            Value::Null,
        );
        assert_eq!(stats.status, 200, "{}", stats.body);
        stats.json()["events"]["total"].as_i64().unwrap()
    };
    let before = sessions_counted(b.addr);
    let created = call(
        a.addr,
        "POST",
        "/api/admin/events",
        Some(&admin_token),
        json!({
            "title": "Pop-up Swim",
            "description": "An extra swim this week.",
            "category": "Swimming",
            "venueId": lido,
            "date": (Utc::now() + chrono::Duration::days(3)).to_rfc3339(),
        }),
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let seen = within(Duration::from_secs(1), || {
        listed(b.addr).contains("Pop-up Swim")
    });
    eprintln!("listed by the other server after {seen:?}");
    let counted = within(Duration::from_secs(1), || {
        sessions_counted(b.addr) == before + 1
    });
    eprintln!("on the other server's overview after {counted:?}");
    assert!(
        counted.is_some(),
        "the other server's overview kept its old figures"
    );
    assert!(
        seen.is_some(),
        "not listed by the other server within a second"
    );

    // A booking on one server reaches a stream held on the other within a second.
    let mut stream = TcpStream::connect(b.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    write!(
        stream,
        "GET /api/notifications/stream HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {watcher}\r\n\r\n",
        b.addr
    )
    .unwrap();
    let mut received = String::new();
    let read_until =
        |stream: &mut TcpStream, received: &mut String, wanted: &str, limit: Duration| {
            let start = Instant::now();
            let mut buf = [0u8; 4096];
            while !received.contains(wanted) && start.elapsed() < limit {
                if let Ok(n) = stream.read(&mut buf) {
                    received.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
            received.contains(wanted).then(|| start.elapsed())
        };
    assert!(
        read_until(
            &mut stream,
            &mut received,
            "retry: 10000",
            Duration::from_secs(5)
        )
        .is_some(),
        "{received}"
    );
    let booked = call(
        a.addr,
        "POST",
        "/api/bookings",
        Some(&watcher),
        json!({ "eventId": other.id.to_string() }),
    );
    assert_eq!(booked.status, 201, "{}", booked.body);
    let arrived = read_until(
        &mut stream,
        &mut received,
        "event: notification",
        Duration::from_secs(1),
    );
    eprintln!("on the other server's stream after {arrived:?}");
    assert!(
        arrived.is_some(),
        "not on the other server's stream within a second: {received}"
    );
    // The database drops both listening connections: each server reconnects by itself
    // and streams are woken across servers again.
    let listeners = format!(
        "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE application_name = '{}'",
        playspace_store::LISTENER_NAME
    );
    assert_eq!(count(&url, &listeners), 2);
    count(
        &url,
        &format!(
            "SELECT COUNT(pg_terminate_backend(pid)) AS n FROM pg_stat_activity \
             WHERE application_name = '{}'",
            playspace_store::LISTENER_NAME
        ),
    );
    // Gone (reconnecting waits 250 ms first), then back.
    let _ = within(Duration::from_millis(500), || count(&url, &listeners) < 2);
    let back = within(Duration::from_secs(5), || count(&url, &listeners) == 2);
    eprintln!("listeners back after {back:?}");
    assert!(back.is_some(), "the servers did not listen again");
    let cancelled = call(
        a.addr,
        "POST",
        &format!(
            "/api/bookings/{}/cancel",
            booked.json()["id"].as_str().unwrap()
        ),
        Some(&watcher),
        Value::Null,
    );
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    received.clear();
    let arrived = read_until(
        &mut stream,
        &mut received,
        "event: notification",
        Duration::from_secs(1),
    );
    assert!(
        arrived.is_some(),
        "not streamed after reconnecting: {received}"
    );
    drop(stream);

    // A sign-out on one server ends the session on the other at once.
    let me = |addr| call(addr, "GET", "/api/auth/user", Some(&watcher), Value::Null).status;
    assert_eq!(me(b.addr), 200);
    let out = call(
        a.addr,
        "POST",
        "/api/auth/logout",
        Some(&watcher),
        Value::Null,
    );
    assert!(out.status < 300, "{} {}", out.status, out.body);
    assert_eq!(me(b.addr), 401);

    // The login limit counts both servers' tries together: 20 from one address, then 429.
    for i in 0..20 {
        let server = if i % 2 == 0 { a.addr } else { b.addr };
        let answer = call(
            server,
            "POST",
            "/api/auth/login",
            None,
            json!({ "email": format!("nobody{i}@example.org"), "password": "not-it" }),
        );
        assert_eq!(answer.status, 401, "try {i}: {}", answer.body);
    }
    for server in [a.addr, b.addr] {
        let answer = call(
            server,
            "POST",
            "/api/auth/login",
            None,
            json!({ "email": "nobody@example.org", "password": "not-it" }),
        );
        assert_eq!(answer.status, 429, "{}", answer.body);
        assert!(answer.header("retry-after").is_some());
    }

    // Every email sent once: the outbox empties, and each row is one file in one of the
    // two mailboxes.
    assert!(
        within(Duration::from_secs(20), || count(
            &url,
            "SELECT COUNT(*) AS n FROM email_deliveries WHERE status NOT IN ('delivered', 'failed')"
        ) == 0)
        .is_some(),
        "the outbox did not empty"
    );
    assert_eq!(
        count(
            &url,
            "SELECT COUNT(*) AS n FROM email_deliveries WHERE status = 'failed'"
        ),
        0
    );
    let sent = count(&url, "SELECT COUNT(*) AS n FROM email_deliveries");
    let mut files: Vec<String> = [&a, &b]
        .iter()
        .flat_map(|s| {
            std::fs::read_dir(s.data.path().join("mail"))
                .into_iter()
                .flatten()
        })
        .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".eml"))
        .collect();
    let all = files.len();
    files.sort();
    files.dedup();
    assert_eq!(all, files.len(), "an email was sent by both servers");
    // Nothing in this process sends: every row, from sign-ups to reminders, went out
    // through one of the two servers, once.
    assert_eq!(i64::try_from(all).unwrap(), sent);
    let reminders = count(
        &url,
        "SELECT COUNT(*) AS n FROM notifications WHERE type = 'reminder'",
    );
    assert_eq!(reminders, 4, "one reminder per booking");
    assert_eq!(
        count(&url, "SELECT COUNT(*) AS n FROM reminders_sent WHERE sent"),
        4
    );
}
