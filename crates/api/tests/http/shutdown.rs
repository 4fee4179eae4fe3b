//! `playspace serve` stops promptly at SIGTERM with a notification stream open: the stream
//! ends at once (the browser reconnects by itself), a request in flight still gets its
//! answer, and the process exits 0, well before the 30 s grace that an open stream used to
//! take whole.

use crate::common;

use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{read_answer, request_at};
use playspace_api::server::SHUTDOWN_GRACE;

const PASSWORD: &str = "brisk-otter-42";

/// One `playspace serve` process on a temporary SQLite database, killed when dropped (if a
/// test failed before it stopped).
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

impl Served {
    fn log(&self) -> String {
        std::fs::read_to_string(self.data.path().join("server.log")).unwrap_or_default()
    }
}

fn playspace(data: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_playspace"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", data.join("playspace.db").display()),
        )
        .env("DATA_DIR", data)
        .env("RUST_LOG", "info");
    command
}

/// An administrator on a fresh database, then the server over it on a free port.
fn serve() -> Served {
    let data = tempfile::tempdir().unwrap();
    let made = playspace(data.path())
        .args(["create-admin", "--email", "ana@example.org"])
        .env("ADMIN_PASSWORD", PASSWORD)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let log = std::fs::File::create(data.path().join("server.log")).unwrap();
    let child = playspace(data.path())
        .arg("serve")
        .env("BIND", addr.to_string())
        .env("PUBLIC_URL", format!("http://{addr}"))
        .env("DB_POOL_SIZE", "4")
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .unwrap();
    let served = Served { child, addr, data };
    let started = Instant::now();
    while TcpStream::connect(addr).is_err()
        || request_at(addr, "GET /readyz HTTP/1.1", "").status != 200
    {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the server did not start: {}",
            served.log()
        );
        std::thread::sleep(Duration::from_millis(25));
    }
    served
}

/// Reads from `stream` until `text` has arrived; false at the end of the connection or
/// after its read timeout.
fn read_until(stream: &mut TcpStream, text: &str, seen: &mut Vec<u8>) -> bool {
    use std::io::Read;
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(seen).contains(text) {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return false,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
        }
    }
    true
}

/// Reads until the connection ends; true when it ended (rather than timing out).
fn read_to_end(stream: &mut TcpStream, seen: &mut Vec<u8>) -> bool {
    use std::io::Read;
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
            Err(_) => return false,
        }
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    stream.set_nodelay(true).unwrap();
    stream
}

#[test]
fn sigterm_ends_open_streams_at_once_lets_requests_in_flight_finish_and_exits_0() {
    let mut served = serve();
    let addr = served.addr;
    let login = serde_json::json!({ "email": "ana@example.org", "password": PASSWORD });
    let answer = request_at(
        addr,
        "POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json",
        &login.to_string(),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let token = answer.json()["token"].as_str().unwrap().to_owned();

    // A live stream: its head and opening line have arrived.
    let mut stream = connect(addr);
    write!(
        stream,
        "GET /api/notifications/stream HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\r\n"
    )
    .unwrap();
    let mut streamed = Vec::new();
    assert!(
        read_until(&mut stream, "retry: 10000", &mut streamed),
        "the stream opened: {}",
        String::from_utf8_lossy(&streamed)
    );

    // A request in flight: the server has taken its head (and said to go on), its body
    // comes after the signal.
    let body = serde_json::json!({ "email": "ana@example.org", "password": "not-the-password" })
        .to_string();
    let mut in_flight = connect(addr);
    write!(
        in_flight,
        "POST /api/auth/login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    let mut continued = Vec::new();
    assert!(
        read_until(&mut in_flight, "100 Continue\r\n\r\n", &mut continued),
        "the request started: {}",
        String::from_utf8_lossy(&continued)
    );

    let signalled = Instant::now();
    let kill = Command::new("kill")
        .args(["-TERM", &served.child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());

    // The stream ends at once: the chunked body's end, then the connection closes.
    assert!(
        read_to_end(&mut stream, &mut streamed),
        "the stream was still open 15 s after SIGTERM"
    );
    assert!(
        String::from_utf8_lossy(&streamed).ends_with("0\r\n\r\n"),
        "the stream ended cleanly: {:?}",
        String::from_utf8_lossy(&streamed)
    );
    let stream_ended = signalled.elapsed();

    // The request in flight is answered.
    in_flight.write_all(body.as_bytes()).unwrap();
    let answer = read_answer(&mut in_flight).expect("the request in flight is answered");
    assert_eq!(answer.status, 401, "{}", answer.body);

    // New connections are no longer taken.
    let refused = TcpStream::connect(addr)
        .map(|mut s| {
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            read_answer(&mut s).is_none()
        })
        .unwrap_or(true);
    assert!(refused, "a new connection was served after SIGTERM");

    // A correctness bound, not a benchmark: well before the grace an open stream took.
    let bound = Duration::from_secs(20);
    assert!(bound < SHUTDOWN_GRACE);
    let status = loop {
        if let Some(status) = served.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < bound,
            "still running {bound:?} after SIGTERM: {}",
            served.log()
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}: {}", served.log());
    let log = served.log();
    assert!(log.contains("SIGTERM"), "{log}");
    assert!(log.contains("stopped"), "{log}");
    eprintln!(
        "stream ended {stream_ended:?} and the process {:?} after SIGTERM",
        signalled.elapsed()
    );
}
