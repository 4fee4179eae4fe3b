//! A private PostgreSQL cluster on a free loopback port, for a test that stops and starts
//! the database under a running server (the shared cluster of `TEST_DATABASE_URL` serves
//! every other test at once, so it must never be stopped). Removed when dropped.
//!
//! `initdb` refuses to run as root, so as root the cluster belongs to the `postgres` user,
//! as in scripts/lib/postgres.sh.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct PostgresCluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl PostgresCluster {
    /// A new cluster, started; `None` when no PostgreSQL binaries are installed.
    pub fn start() -> Option<Self> {
        let bin = bin_dir()?;
        let dir = tempfile::Builder::new()
            .prefix("playspace-pg-fault.")
            .tempdir()
            .unwrap();
        let as_postgres = run(Command::new("id").arg("-u")).stdout.trim_ascii() == b"0";
        if as_postgres {
            let owned = Command::new("chown")
                .args(["postgres"])
                .arg(dir.path())
                .status()
                .unwrap();
            assert!(owned.success());
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let cluster = Self {
            dir,
            bin,
            port,
            as_postgres,
        };
        let made = cluster.command("initdb", |c| {
            c.arg("-D").arg(cluster.data()).args([
                "--auth=trust",
                "--username=playspace",
                "--encoding=UTF8",
                "--no-sync",
            ]);
        });
        assert!(made.status.success(), "initdb: {}", text(&made));
        cluster.start_again();
        Some(cluster)
    }

    /// The URL of the cluster's `postgres` database.
    pub fn url(&self) -> String {
        format!("postgres://playspace@127.0.0.1:{}/postgres", self.port)
    }

    /// Stops the database as an operator would for maintenance (`pg_ctl stop -m fast`:
    /// sessions are ended, open transactions rolled back) and waits until it has stopped.
    pub fn stop(&self) {
        let stopped = self.pg_ctl(&["stop", "-m", "fast", "-w"]);
        assert!(stopped.status.success(), "pg_ctl stop: {}", text(&stopped));
    }

    /// Starts the stopped database again on the same port and waits until it accepts
    /// connections.
    pub fn start_again(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off \
             -c full_page_writes=off -c max_connections=100",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("server.log");
        let started = self.pg_ctl(&["start", "-w", "-l", log.to_str().unwrap(), "-o", &options]);
        assert!(
            started.status.success(),
            "pg_ctl start: {} {}",
            text(&started),
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn pg_ctl(&self, args: &[&str]) -> Output {
        self.command("pg_ctl", |c| {
            c.arg("-D").arg(self.data()).args(args);
        })
    }

    fn command(&self, program: &str, args: impl FnOnce(&mut Command)) -> Output {
        let program = self.bin.join(program);
        let mut command = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            Command::new(program)
        };
        args(&mut command);
        run(&mut command)
    }
}

impl Drop for PostgresCluster {
    fn drop(&mut self) {
        // Already stopped when a test failed while the database was down: nothing to do.
        let _ = self.pg_ctl(&["stop", "-m", "immediate", "-w"]);
    }
}

fn run(command: &mut Command) -> Output {
    command.output().unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Where `initdb` and `pg_ctl` are: on PATH, or Debian's versioned directory.
fn bin_dir() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<PathBuf> = std::fs::read_dir(Path::new("/usr/lib/postgresql"))
            .ok()?
            .filter_map(|e| Some(e.ok()?.path().join("bin")))
            .filter(|bin| bin.join("initdb").is_file())
            .collect();
        versions.sort();
        versions.pop()
    })
}
