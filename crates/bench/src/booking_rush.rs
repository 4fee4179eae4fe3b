//! The booking rush for `scripts/bench`: one event with PLACES places and USERS distinct
//! signed-in people all sending `POST /api/bookings` at once, each on its own connection
//! (as separate phones would). People, sessions and the event are made through the real
//! store, and tokens signed by the server's own issuer with its JWT_SECRET. Prints
//! throughput and latency, and fails unless exactly PLACES bookings were confirmed.
//!
//! usage: booking-rush BASE_URL DATABASE_URL JWT_SECRET PLACES USERS
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use chrono::Utc;
use playspace_api::auth::JwtIssuer;
use playspace_domain::{Session, User};
use playspace_ports::{EventRepository, NewUserRecord, TokenIssuer, UserRepository};
use playspace_store::Store;
use playspace_test_support::EventBuilder;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Args {
    addr: SocketAddr,
    database_url: String,
    secret: String,
    places: u32,
    users: usize,
}

fn args() -> Result<Args, String> {
    let usage = "usage: booking-rush BASE_URL DATABASE_URL JWT_SECRET PLACES USERS";
    let list: Vec<String> = std::env::args().skip(1).collect();
    let [base, database_url, secret, places, users] = list.as_slice() else {
        return Err(usage.into());
    };
    let addr = base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .map_err(|e| format!("BASE_URL must be http://IP:PORT: {e}"))?;
    Ok(Args {
        addr,
        database_url: database_url.clone(),
        secret: secret.clone(),
        places: places.parse().map_err(|_| usage.to_owned())?,
        users: users.parse().map_err(|_| usage.to_owned())?,
    })
}

/// Makes the event and the people, each signed in from this client (same address, no
/// user agent) as after a real login; returns the event id and one request per person.
fn prepare(args: &Args) -> Result<(String, Vec<Vec<u8>>), String> {
    let store = Store::connect(&args.database_url, 4).map_err(|e| e.to_string())?;
    let now = Utc::now();
    let event = EventBuilder::new()
        .title("Booking rush")
        .starts_at(now + chrono::Duration::days(3))
        .places(0, args.places)
        .build();
    store.insert(&event).map_err(|e| e.to_string())?;
    let issuer = JwtIssuer::new(args.secret.as_bytes());
    let ip = args.addr.ip().to_string();
    let mut requests = Vec::with_capacity(args.users);
    for i in 0..args.users {
        let user: User = playspace_test_support::user_with_email(&format!(
            "rush-{i}-{}@bench.invalid",
            event.id
        ));
        let session = Session::start(user.id, now, None, Some(&ip));
        let record = NewUserRecord {
            user: user.clone(),
            // Never used to sign in: the token below is.
            password_hash: "!".into(),
            registration_ip: None,
            access_note: None,
        };
        store
            .create_account(&record, &session, &[], &[], &[])
            .map_err(|e| e.to_string())?;
        let token = issuer.issue(&session).map_err(|e| e.to_string())?;
        let body = format!(r#"{{"userId":"{}","eventId":"{}"}}"#, user.id, event.id);
        requests.push(
            format!(
                "POST /api/bookings HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
Authorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                args.addr,
                body.len()
            )
            .into_bytes(),
        );
    }
    Ok((event.id.to_string(), requests))
}

/// One person's attempt: the HTTP status, when it was sent and when it finished (both
/// from the start).
async fn book(addr: SocketAddr, request: Vec<u8>, start: Instant) -> (u16, Duration, Duration) {
    let mut sent = Duration::ZERO;
    let attempt = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await?;
        stream.write_all(&request).await?;
        sent = start.elapsed();
        let mut response = Vec::with_capacity(1024);
        stream.read_to_end(&mut response).await?;
        Ok::<_, std::io::Error>(response)
    };
    let status = match attempt.await {
        // "HTTP/1.1 201 Created"
        Ok(response) => std::str::from_utf8(response.get(9..12).unwrap_or_default())
            .ok()
            .and_then(|code| code.parse().ok())
            .unwrap_or(0),
        Err(_) => 0,
    };
    (status, sent, start.elapsed())
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].as_secs_f64() * 1000.0
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (_, requests) = match prepare(&args) {
        Ok(prepared) => prepared,
        Err(e) => {
            eprintln!("booking-rush: preparing failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    // One client thread: the server keeps the other core.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("booking-rush: {e}");
            return ExitCode::FAILURE;
        }
    };
    let addr = args.addr;
    let results: Vec<(u16, Duration, Duration)> = runtime.block_on(async move {
        let start = Instant::now();
        let tasks: Vec<_> = requests
            .into_iter()
            .map(|request| tokio::spawn(book(addr, request, start)))
            .collect();
        let mut results = Vec::with_capacity(tasks.len());
        for task in tasks {
            results.push(task.await.unwrap_or((0, start.elapsed(), start.elapsed())));
        }
        results
    });
    report(&args, &results)
}

fn report(args: &Args, results: &[(u16, Duration, Duration)]) -> ExitCode {
    let confirmed = results.iter().filter(|(s, _, _)| *s == 201).count();
    let full = results.iter().filter(|(s, _, _)| *s == 409).count();
    let other = results.len() - confirmed - full;
    let all = results.iter().map(|(_, _, t)| *t).max().unwrap_or_default();
    // How fast this one client thread could put the requests on the wire.
    let all_sent = results.iter().map(|(_, s, _)| *s).max().unwrap_or_default();
    // The rush is over when the last place is taken: rate = places / time to the last 201.
    let last_place = results
        .iter()
        .filter(|(s, _, _)| *s == 201)
        .map(|(_, _, t)| *t)
        .max()
        .unwrap_or_default();
    let mut latencies: Vec<Duration> = results.iter().map(|(_, _, t)| *t).collect();
    latencies.sort();
    println!(
        "{} attempts for {} places: {confirmed} confirmed, {full} refused as full, {other} other; \
all sent after {:.2} s, all answered in {:.2} s ({:.0} requests/s); last place taken after {:.2} s ({:.0} confirmed bookings/s); \
latency p50 {:.0} ms, p99 {:.0} ms",
        args.users,
        args.places,
        all_sent.as_secs_f64(),
        all.as_secs_f64(),
        results.len() as f64 / all.as_secs_f64().max(1e-9),
        last_place.as_secs_f64(),
        confirmed as f64 / last_place.as_secs_f64().max(1e-9),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
    );
    if confirmed == args.places as usize && other == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "expected exactly {} confirmed and the rest refused as full",
            args.places
        );
        ExitCode::FAILURE
    }
}
