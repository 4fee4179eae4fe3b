//! `playspace serve` as a real process on 127.0.0.1 (a free port), for the tests that need
//! the binary itself: several servers on one database, and the faults it must survive
//! (a stopped database, SIGKILL mid-rush).

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::Value;

use super::{RawAnswer, request_at, try_request_at};

/// One `playspace serve` process, killed when dropped. Its data directory (secrets,
/// mailbox, `server.log`) outlives a [`Served::restart`].
pub struct Served {
    child: Child,
    pub addr: SocketAddr,
    pub data: tempfile::TempDir,
    url: Option<String>,
    frontend: PathBuf,
    env: Vec<(String, String)>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts a server on a free port over `url`, with the secrets of `secrets_from` (every
/// server of a site shares them) and a data directory of its own (its mailbox).
pub fn serve(url: &str, secrets_from: &Path, frontend: &Path) -> Served {
    serve_with(Some(url), Some(secrets_from), frontend, &[])
}

/// [`serve`] with `env` added to (or replacing) the server's settings; without `url` the
/// server makes (and on its first start seeds) its embedded SQLite database in its data
/// directory; without `secrets_from` it makes its own secrets.
pub fn serve_with(
    url: Option<&str>,
    secrets_from: Option<&Path>,
    frontend: &Path,
    env: &[(&str, &str)],
) -> Served {
    let data = tempfile::tempdir().unwrap();
    if let Some(from) = secrets_from {
        let secrets = data.path().join("secrets");
        std::fs::create_dir_all(&secrets).unwrap();
        for file in std::fs::read_dir(from.join("secrets")).unwrap() {
            let file = file.unwrap();
            std::fs::copy(file.path(), secrets.join(file.file_name())).unwrap();
        }
    }
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let (child, addr) = spawn(url, data.path(), frontend, &env);
    let served = Served {
        child,
        addr,
        data,
        url: url.map(str::to_owned),
        frontend: frontend.to_owned(),
        env,
    };
    served.wait_ready();
    served
}

fn spawn(
    url: Option<&str>,
    data: &Path,
    frontend: &Path,
    env: &[(String, String)],
) -> (Child, SocketAddr) {
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    // Appended: a restarted server's lines follow the killed one's.
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(data.join("server.log"))
        .unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_playspace"));
    command
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default());
    if let Some(url) = url {
        command.env("DATABASE_URL", url);
    }
    let child = command
        .env("BIND", addr.to_string())
        .env("PUBLIC_URL", format!("http://{addr}"))
        .env("DATA_DIR", data)
        .env("FRONTEND_DIR", frontend)
        .env("DB_POOL_SIZE", "8")
        .env("RUST_LOG", "warn")
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .unwrap();
    (child, addr)
}

impl Served {
    /// Everything the server (and any server before a restart) has logged.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.data.path().join("server.log")).unwrap_or_default()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits (up to 20 s) until the server answers `/readyz` with 200.
    pub fn wait_ready(&self) {
        let ready = Instant::now();
        while TcpStream::connect(self.addr).is_err()
            || try_request_at(self.addr, "GET /readyz HTTP/1.1", "").map(|a| a.status) != Some(200)
        {
            assert!(
                ready.elapsed() < Duration::from_secs(20),
                "the server did not start: {}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Kills the process at once (SIGKILL: no shutdown of any kind) and reaps it.
    pub fn kill_hard(&mut self) {
        let killed = Command::new("kill")
            .args(["-KILL", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        self.child.wait().unwrap();
    }

    /// Starts the server again (after [`Served::kill_hard`]) over the same database and data
    /// directory, on a new free port, and waits until it is ready.
    pub fn restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let (child, addr) = spawn(
            self.url.as_deref(),
            self.data.path(),
            &self.frontend,
            &self.env,
        );
        self.child = child;
        self.addr = addr;
        self.wait_ready();
    }

    /// The process's exit status once it has exited, or `None` while it runs.
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().unwrap()
    }

    /// Names of the `.eml` files in the server's mailbox (`DATA_DIR/mail`).
    pub fn mailbox(&self) -> Vec<String> {
        std::fs::read_dir(self.data.path().join("mail"))
            .into_iter()
            .flatten()
            .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".eml"))
            .collect()
    }
}

/// A JSON request to `addr`, as `token` when given.
pub fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> RawAnswer {
    let (head, body) = call_parts(method, path, token, &body);
    request_at(addr, &head, &body)
}

/// [`call`], `None` when the connection fails or ends before an answer (a killed server).
pub fn try_call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> Option<RawAnswer> {
    let (head, body) = call_parts(method, path, token, &body);
    try_request_at(addr, &head, &body)
}

fn call_parts(method: &str, path: &str, token: Option<&str>, body: &Value) -> (String, String) {
    let auth = token.map_or_else(String::new, |t| format!("\r\nAuthorization: Bearer {t}"));
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    (
        format!("{method} {path} HTTP/1.1\r\nContent-Type: application/json{auth}"),
        body,
    )
}

/// Waits up to `within` for `condition`; how long it took, or `None`.
pub fn within(within: Duration, condition: impl Fn() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < within {
        if condition() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

/// The `n` a query `SELECT ... AS n` gives, on the database at `url` (either backend).
pub fn count(url: &str, sql: &str) -> i64 {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let query = diesel::sql_query(sql);
    match url.strip_prefix("sqlite://") {
        Some(path) => {
            query
                .get_result::<Count>(&mut diesel::SqliteConnection::establish(path).unwrap())
                .unwrap()
                .n
        }
        None => {
            query
                .get_result::<Count>(&mut diesel::PgConnection::establish(url).unwrap())
                .unwrap()
                .n
        }
    }
}
