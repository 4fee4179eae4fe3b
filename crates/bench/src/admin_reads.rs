//! The admin area's reads at scale for `scripts/bench`: signs in as an admin, opens an
//! admin session, finds its targets through the API itself (the session with the most
//! people booked, the cursor of a search's page 500 by walking the pages), warms up, then
//! times REQUESTS sequential requests of each read on one kept-alive connection, and the
//! same again from CLIENTS concurrent clients. Then the full bookings export: time to first
//! byte, total time, bytes and rows. The server's peak RSS (VmHWM from /proc) is read
//! before and after the export. Prints a Markdown table and lines for docs/performance.md.
//!
//! usage: admin-reads BASE_URL SERVER_PID CREDENTIALS_FILE [REQUESTS] [CLIENTS] [SEARCH]
//! CREDENTIALS_FILE is DATA_DIR/demo-admin.txt ("Demo admin: EMAIL" / "Password: PW").
use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use reqwest::blocking::Client;
use serde_json::{Value, json};

struct Args {
    base: String,
    pid: u32,
    email: String,
    password: String,
    requests: usize,
    clients: usize,
    search: String,
}

fn args() -> Result<Args, String> {
    let usage =
        "usage: admin-reads BASE_URL SERVER_PID CREDENTIALS_FILE [REQUESTS] [CLIENTS] [SEARCH]";
    let list: Vec<String> = std::env::args().skip(1).collect();
    let (base, pid, file) = match list.as_slice() {
        [base, pid, file, ..] => (base, pid, file),
        _ => return Err(usage.into()),
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let field = |label: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(label))
            .map(|v| v.trim().to_owned())
            .ok_or_else(|| format!("{file}: no '{label}' line"))
    };
    let number = |i: usize, default: usize| {
        list.get(i)
            .map_or(Ok(default), |v| v.parse().map_err(|_| usage.to_owned()))
    };
    Ok(Args {
        base: base.trim_end_matches('/').to_owned(),
        pid: pid.parse().map_err(|_| usage.to_owned())?,
        email: field("Demo admin:")?,
        password: field("Password:")?,
        requests: number(3, 200)?,
        clients: number(4, 4)?,
        search: list.get(5).cloned().unwrap_or_else(|| "scale".into()),
    })
}

/// A client that sends the admin's token and keeps its connection alive.
fn client(token: &str) -> Result<Client, String> {
    let mut headers = reqwest::header::HeaderMap::new();
    let bearer = format!("Bearer {token}")
        .parse()
        .map_err(|e| format!("token header: {e}"))?;
    headers.insert(reqwest::header::AUTHORIZATION, bearer);
    Client::builder()
        .default_headers(headers)
        .timeout(Duration::from_secs(120))
        .build()
        .map_err(|e| e.to_string())
}

fn sign_in(args: &Args) -> Result<String, String> {
    let plain = Client::new();
    let login: Value = plain
        .post(format!("{}/api/auth/login", args.base))
        .json(&json!({ "email": args.email, "password": args.password }))
        .send()
        .and_then(|r| r.error_for_status())
        .and_then(|r| r.json())
        .map_err(|e| format!("sign-in: {e}"))?;
    let token = login["token"]
        .as_str()
        .ok_or("sign-in answered without a token")?
        .to_owned();
    client(&token)?
        .post(format!("{}/api/admin/login", args.base))
        .json(&json!({ "password": args.password }))
        .send()
        .and_then(|r| r.error_for_status())
        .map_err(|e| format!("admin login: {e}"))?;
    Ok(token)
}

fn get_json(client: &Client, url: &str) -> Result<Value, String> {
    client
        .get(url)
        .send()
        .and_then(|r| r.error_for_status())
        .and_then(|r| r.json())
        .map_err(|e| format!("GET {url}: {e}"))
}

/// The session with the most live bookings among `events` (AdminEvent JSON).
fn fullest(events: &[Value]) -> Option<(String, u64)> {
    events
        .iter()
        .filter_map(|e| {
            Some((
                e["id"].as_str()?.to_owned(),
                e["currentParticipants"].as_u64()?,
            ))
        })
        .max_by_key(|(_, n)| *n)
}

struct Case {
    name: String,
    path: String,
}

/// Finds what the reads are about, through the API: returns the cases to time.
fn cases(client: &Client, args: &Args) -> Result<Vec<Case>, String> {
    let base = &args.base;
    // The past session with the most bookings among the latest 100 (the bookings tab's
    // event filter) and the upcoming one with the most people (its register at the door).
    let mut past = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..5 {
        let url = match &cursor {
            Some(c) => format!("{base}/api/admin/events?when=past&cursor={c}"),
            None => format!("{base}/api/admin/events?when=past"),
        };
        let page = get_json(client, &url)?;
        past.extend(page["events"].as_array().cloned().unwrap_or_default());
        match page["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    let (past_event, past_n) = fullest(&past).ok_or("no past sessions: seed --scale first")?;
    let registers = get_json(client, &format!("{base}/api/admin/registers"))?;
    let upcoming = registers["events"].as_array().cloned().unwrap_or_default();
    let (register_event, register_n) = fullest(&upcoming).ok_or("no upcoming sessions")?;

    let mut cases = vec![
        Case {
            name: "`GET /api/admin/dashboard-stats`".into(),
            path: "/api/admin/dashboard-stats".into(),
        },
        Case {
            name: "users, page 1".into(),
            path: "/api/admin/users".into(),
        },
    ];
    // Page 500 of a search, reached honestly: walk 499 pages (not timed) for its cursor.
    let q = &args.search;
    let first = client.get(format!("{base}/api/admin/users?q={q}")).send();
    match first {
        Ok(r) if r.status() == reqwest::StatusCode::NOT_FOUND => {
            eprintln!("users list not served by this build: skipped");
            cases.pop();
        }
        _ => {
            let mut cursor: Option<String> = None;
            let mut total = 0;
            for page in 1..500 {
                let url = match &cursor {
                    Some(c) => format!("{base}/api/admin/users?q={q}&cursor={c}"),
                    None => format!("{base}/api/admin/users?q={q}"),
                };
                let body = get_json(client, &url)?;
                total = body["total"].as_u64().unwrap_or_default();
                cursor = body["nextCursor"].as_str().map(str::to_owned);
                if cursor.is_none() {
                    return Err(format!("search '{q}' ends at page {page} ({total} users)"));
                }
            }
            let cursor = cursor.unwrap_or_default();
            cases.push(Case {
                name: format!("users, page 500 of search `{q}` ({total} matches)"),
                path: format!("/api/admin/users?q={q}&cursor={cursor}"),
            });
        }
    }
    cases.extend([
        Case {
            name: format!("bookings of one session ({past_n} live)"),
            path: format!("/api/admin/bookings?eventId={past_event}"),
        },
        Case {
            name: "bookings, status confirmed".into(),
            path: "/api/admin/bookings?status=confirmed".into(),
        },
        Case {
            name: "bookings, status cancelled".into(),
            path: "/api/admin/bookings?status=cancelled".into(),
        },
        Case {
            name: format!("register of a session ({register_n} people)"),
            path: format!("/api/admin/events/{register_event}/register"),
        },
    ]);
    Ok(cases)
}

/// Times one request, reading the whole body; fails on anything but 200.
fn timed(client: &Client, url: &str) -> Result<(Duration, usize), String> {
    let start = Instant::now();
    let response = client
        .get(url)
        .send()
        .map_err(|e| format!("GET {url}: {e}"))?;
    let status = response.status();
    let body = response.bytes().map_err(|e| format!("GET {url}: {e}"))?;
    if status != reqwest::StatusCode::OK {
        return Err(format!("GET {url}: {status}"));
    }
    Ok((start.elapsed(), body.len()))
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].as_secs_f64() * 1000.0
}

struct Timing {
    p50: f64,
    p99: f64,
    max: f64,
}

fn summarise(mut latencies: Vec<Duration>) -> Timing {
    latencies.sort();
    Timing {
        p50: percentile(&latencies, 0.50),
        p99: percentile(&latencies, 0.99),
        max: percentile(&latencies, 1.0),
    }
}

fn sequential(client: &Client, url: &str, n: usize) -> Result<(Timing, usize), String> {
    let mut latencies = Vec::with_capacity(n);
    let mut bytes = 0;
    for _ in 0..n {
        let (took, len) = timed(client, url)?;
        latencies.push(took);
        bytes = len;
    }
    Ok((summarise(latencies), bytes))
}

/// `clients` threads, each with its own connection, `n / clients` requests each.
fn concurrent(token: &str, url: &str, n: usize, clients: usize) -> Result<Timing, String> {
    let per = n.div_ceil(clients.max(1));
    let results: Vec<Result<Vec<Duration>, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..clients.max(1))
            .map(|_| {
                s.spawn(move || {
                    let c = client(token)?;
                    (0..per).map(|_| timed(&c, url).map(|(d, _)| d)).collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("client thread panicked".into()))
            })
            .collect()
    });
    let mut all = Vec::with_capacity(per * clients);
    for r in results {
        all.extend(r?);
    }
    Ok(summarise(all))
}

/// VmHWM and VmRSS of the server in MiB.
fn memory(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kib = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (kib("VmHWM:") / 1024.0, kib("VmRSS:") / 1024.0)
}

struct Export {
    first_byte: Duration,
    total: Duration,
    bytes: usize,
    rows: usize,
}

fn export(client: &Client, base: &str) -> Result<Export, String> {
    let url = format!("{base}/api/admin/export/bookings");
    let start = Instant::now();
    let mut response = client
        .get(&url)
        .send()
        .map_err(|e| format!("GET {url}: {e}"))?;
    if response.status() != reqwest::StatusCode::OK {
        return Err(format!("GET {url}: {}", response.status()));
    }
    let mut buffer = vec![0_u8; 64 * 1024];
    let (mut bytes, mut lines, mut first_byte) = (0, 0, None);
    loop {
        let n = response
            .read(&mut buffer)
            .map_err(|e| format!("reading {url}: {e}"))?;
        if n == 0 {
            break;
        }
        first_byte.get_or_insert_with(|| start.elapsed());
        bytes += n;
        lines += buffer[..n].iter().filter(|b| **b == b'\n').count();
    }
    Ok(Export {
        first_byte: first_byte.unwrap_or_default(),
        total: start.elapsed(),
        bytes,
        // Less the header line; quoted cells never hold a newline in these columns.
        rows: lines.saturating_sub(1),
    })
}

fn run(args: &Args) -> Result<(), String> {
    let token = sign_in(args)?;
    let c = client(&token)?;
    let cases = cases(&c, args)?;
    let urls: Vec<String> = cases
        .iter()
        .map(|case| format!("{}{}", args.base, case.path))
        .collect();
    // The first request of each read is reported apart: it finds caches (the database's,
    // the overview's) cold.
    let mut first = Vec::with_capacity(urls.len());
    for url in &urls {
        first.push(timed(&c, url)?.0);
        for _ in 0..20 {
            timed(&c, url)?;
        }
    }
    let (hwm_before, _) = memory(args.pid);
    println!(
        "| admin read | bytes | first request | p50 | p99 | max | {} clients: p50 | p99 | max |",
        args.clients
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut worst: f64 = 0.0;
    for ((case, url), first) in cases.iter().zip(&urls).zip(&first) {
        let (seq, bytes) = sequential(&c, url, args.requests)?;
        let par = concurrent(&token, url, args.requests, args.clients)?;
        worst = worst.max(seq.p99);
        println!(
            "| {} | {bytes} | {:.1} ms | {:.1} ms | **{:.1} ms** | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms |",
            case.name,
            first.as_secs_f64() * 1000.0,
            seq.p50,
            seq.p99,
            seq.max,
            par.p50,
            par.p99,
            par.max
        );
    }
    let (hwm_reads, _) = memory(args.pid);
    println!();
    println!(
        "- {} sequential requests per read on one connection after 21 unmeasured ones, then {} from {} clients at once; worst sequential p99 **{worst:.1} ms**",
        args.requests, args.requests, args.clients
    );
    match export(&c, &args.base) {
        Ok(e) => {
            let (hwm_after, rss_after) = memory(args.pid);
            println!(
                "- full bookings export: **{} rows, {:.1} MB in {:.2} s** (first byte after {:.0} ms)",
                e.rows,
                e.bytes as f64 / 1e6,
                e.total.as_secs_f64(),
                e.first_byte.as_secs_f64() * 1000.0
            );
            println!(
                "- server peak RSS (VmHWM): {hwm_before:.1} MiB after warm-up, {hwm_reads:.1} MiB after the reads, **{hwm_after:.1} MiB after the export** (RSS then {rss_after:.1} MiB)"
            );
        }
        Err(e) => {
            eprintln!("export: {e}");
            println!("- full bookings export: not measured ({e})");
            println!(
                "- server peak RSS (VmHWM): {hwm_before:.1} MiB after warm-up, **{hwm_reads:.1} MiB after the reads**"
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("admin-reads: {e}");
            ExitCode::FAILURE
        }
    }
}
