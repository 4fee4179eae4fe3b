//! `playspace backup`, `restore` and `migrate-data`, run as an operator runs them (ADR
//! 0034): a backup of a seeded SQLite site taken while a server serves it and writes to it,
//! restored into a fresh site with the same rows; the move of that site into PostgreSQL,
//! which then serves it; and every refusal (a site with rows, an existing file, PostgreSQL
//! pointed to its own tools). The move needs PostgreSQL and is skipped, saying so, without.
//! And the retention sweeps, which keep what the `RETENTION_*_DAYS` settings say.

use crate::common;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use actix_web::test::TestRequest;
use chrono::Utc;
use common::{TestApp, register, request_at, send};
use diesel::prelude::*;
use playspace_api::config::Config;
use playspace_api::timed_work::{DELETE_ENDED_SESSIONS, RETENTION};
use playspace_store::data_care::{TableRows, table_counts};
use playspace_test_support::FixedClock;
use serde_json::json;

/// `playspace ARGS` with `DATABASE_URL` and a data directory of its own.
fn playspace(database_url: &str, data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_playspace"))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", database_url)
        .env("DATA_DIR", data)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap()
}

fn succeeded(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn refused(output: &Output) -> String {
    assert!(!output.status.success(), "{output:?}");
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// `playspace serve` on `url`, killed when dropped.
struct Served {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(url: &str, data: &Path) -> Served {
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let log = std::fs::File::create(data.join("server.log")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_playspace"))
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", url)
        .env("BIND", addr.to_string())
        .env("PUBLIC_URL", format!("http://{addr}"))
        .env("DATA_DIR", data)
        .env("RATE_LIMITS", "off")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let served = Served { child, addr };
    let start = Instant::now();
    while TcpStream::connect(addr).is_err()
        || request_at(addr, "GET /readyz HTTP/1.1", "").status != 200
    {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the server did not start: {}",
            std::fs::read_to_string(data.join("server.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(25));
    }
    served
}

fn events_listed(addr: SocketAddr) -> usize {
    let answer = request_at(addr, "GET /api/events HTTP/1.1", "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json().as_array().map_or(0, Vec::len)
}

fn rows(counts: &[TableRows], table: &str) -> i64 {
    counts
        .iter()
        .find(|t| t.table == table)
        .map_or(0, |t| t.rows)
}

#[test]
fn a_site_is_backed_up_while_serving_restored_and_moved_to_postgres() {
    let data = tempfile::tempdir().unwrap();
    let site = format!("sqlite://{}", data.path().join("site.db").display());
    succeeded(&playspace(&site, data.path(), &["seed"]));

    // Served, and written to all the while the backup is taken.
    let served = serve(&site, data.path());
    let listed = events_listed(served.addr);
    assert!(listed > 0);
    let writing = Arc::new(AtomicBool::new(true));
    let written = Arc::new(AtomicUsize::new(0));
    let writer = {
        let (writing, written, addr) = (writing.clone(), written.clone(), served.addr);
        std::thread::spawn(move || {
            while writing.load(Ordering::Relaxed) || written.load(Ordering::Relaxed) < 3 {
                let form = json!({
                    "firstName": "Ana", "lastName": "Silva", "email": "ana@example.org",
                    "subject": "general", "message": "Is there step-free access?"
                });
                let answer = request_at(
                    addr,
                    "POST /api/contact HTTP/1.1\r\nContent-Type: application/json",
                    &form.to_string(),
                );
                assert_eq!(answer.status, 201, "{}", answer.body);
                written.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    while written.load(Ordering::Relaxed) == 0 {
        std::thread::sleep(Duration::from_millis(5));
    }
    let backups = data.path().join("backups");
    let file = backups.join("site-1.db");
    let file_text = file.to_str().unwrap();
    let printed = succeeded(&playspace(
        &site,
        data.path(),
        &["backup", "--to", file_text],
    ));
    writing.store(false, Ordering::Relaxed);
    writer.join().unwrap();
    assert!(printed.contains("bookings"), "{printed}");

    let backed_up = table_counts(&format!("sqlite://{file_text}")).unwrap();
    let live = table_counts(&site).unwrap();
    assert!(rows(&backed_up, "users") > 0 && rows(&backed_up, "bookings") > 0);
    for table in ["users", "events", "bookings", "venues"] {
        assert_eq!(rows(&backed_up, table), rows(&live, table), "{table}");
    }
    let messages = rows(&backed_up, "contact_messages");
    assert!(
        messages >= 1 && messages <= rows(&live, "contact_messages"),
        "the backup is one moment of the writes: {messages} of {}",
        rows(&live, "contact_messages")
    );
    // A backup never overwrites a file, and PostgreSQL is pointed to pg_dump.
    let why = refused(&playspace(
        &site,
        data.path(),
        &["backup", "--to", file_text],
    ));
    assert!(why.contains("already exists"), "{why}");
    let postgres = "postgres://playspace@127.0.0.1:1/playspace";
    let why = refused(&playspace(
        postgres,
        data.path(),
        &["backup", "--to", "x.dump"],
    ));
    assert!(why.contains("pg_dump --format=custom"), "{why}");
    let why = refused(&playspace(
        postgres,
        data.path(),
        &["restore", "--from", file_text],
    ));
    assert!(why.contains("pg_restore"), "{why}");
    drop(served);

    // The restore drill: into a fresh site, which then serves the same sessions.
    let fresh_dir = tempfile::tempdir().unwrap();
    let fresh = format!("sqlite://{}", fresh_dir.path().join("site.db").display());
    let printed = succeeded(&playspace(
        &fresh,
        fresh_dir.path(),
        &["restore", "--from", file_text],
    ));
    assert!(printed.contains("Restored"), "{printed}");
    assert_eq!(table_counts(&fresh).unwrap(), backed_up);
    {
        let served = serve(&fresh, fresh_dir.path());
        assert_eq!(events_listed(served.addr), listed);
    }
    // A site with rows is never restored over.
    let why = refused(&playspace(
        &fresh,
        fresh_dir.path(),
        &["restore", "--from", file_text],
    ));
    assert!(why.contains("is not empty"), "{why}");
    assert_eq!(table_counts(&fresh).unwrap(), backed_up);

    // The move to PostgreSQL.
    let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but TEST_DATABASE_URL is unset: run the tests through scripts/test"
        );
        eprintln!("TEST_DATABASE_URL unset: skipping `playspace migrate-data` into PostgreSQL");
        return;
    };
    let database = Database::create(&admin_url);
    let from = format!("sqlite://{file_text}");
    let printed = succeeded(&playspace(
        &fresh,
        fresh_dir.path(),
        &["migrate-data", "--from", &from, "--to", &database.url],
    ));
    assert!(printed.contains("compared"), "{printed}");
    assert_eq!(table_counts(&database.url).unwrap(), backed_up);
    {
        let pg_dir = tempfile::tempdir().unwrap();
        let served = serve(&database.url, pg_dir.path());
        assert_eq!(events_listed(served.addr), listed);
    }
    // A database with rows is never moved into.
    let why = refused(&playspace(
        &fresh,
        fresh_dir.path(),
        &["migrate-data", "--from", &from, "--to", &database.url],
    ));
    assert!(why.contains("is not empty"), "{why}");
    assert_eq!(table_counts(&database.url).unwrap(), backed_up);
}

/// A new database in the cluster of `TEST_DATABASE_URL`, dropped afterwards.
struct Database {
    admin_url: String,
    name: String,
    url: String,
}

impl Database {
    fn create(admin_url: &str) -> Self {
        let name = playspace_test_support::unique_database_name();
        let mut admin = diesel::PgConnection::establish(admin_url).unwrap();
        diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
            .execute(&mut admin)
            .unwrap();
        let url = playspace_test_support::templates::with_database(admin_url, &name);
        Self {
            admin_url: admin_url.to_owned(),
            name,
            url,
        }
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        if let Ok(mut conn) = diesel::PgConnection::establish(&self.admin_url) {
            let drop = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
            let _ = diesel::sql_query(drop).execute(&mut conn);
        }
    }
}

#[actix_web::test]
async fn the_retention_sweeps_keep_what_the_settings_say() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let signed_out = send(
        &service,
        TestRequest::post().uri("/api/auth/logout"),
        Some(&token),
    )
    .await;
    assert_eq!(signed_out.0, 200);
    let later = |by: chrono::Duration| -> Arc<dyn playspace_ports::Clock> {
        Arc::new(FixedClock(Utc::now() + by))
    };
    let mut state = app.state();
    // Every retention step runs against the real database without error.
    for step in RETENTION.1 {
        step.run(&state).unwrap();
    }
    // Two days after signing out the sign-in is kept for the default 30 days...
    state.clock = later(chrono::Duration::days(2));
    assert_eq!(DELETE_ENDED_SESSIONS.run(&state).unwrap(), 0);
    // ...and goes with RETENTION_SESSIONS_DAYS=1.
    let one_day =
        Config::from_lookup(|name| (name == "RETENTION_SESSIONS_DAYS").then(|| "1".to_owned()))
            .unwrap();
    let mut config = (*state.config).clone();
    config.retention = one_day.retention;
    state.config = Arc::new(config);
    assert_eq!(DELETE_ENDED_SESSIONS.run(&state).unwrap(), 1);
    assert_eq!(DELETE_ENDED_SESSIONS.run(&state).unwrap(), 0);
}
