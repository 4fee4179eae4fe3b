use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::r2d2::R2D2Connection;
use diesel::{Connection, PgConnection, SqliteConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use playspace_ports::RepoError;

pub(crate) const SQLITE_MIGRATIONS: EmbeddedMigrations =
    embed_migrations!("../../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../../migrations/postgres");

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("DATABASE_URL must start with sqlite:// or postgres://")]
    UnsupportedUrl,
    #[error("could not prepare the database directory: {0}")]
    Directory(#[from] std::io::Error),
    #[error("could not connect to the database: {0}")]
    Connect(#[from] r2d2::Error),
    #[error("could not open the database: {0}")]
    Open(String),
    #[error("migrations failed: {0}")]
    Migrate(String),
}

/// Where to connect, decided once from the URL scheme.
#[derive(Clone, Debug)]
enum Target {
    /// A file path; `sqlite://data/playspace.db` is relative, `sqlite:///srv/x.db` absolute.
    Sqlite(String),
    Postgres(String),
}

impl Target {
    fn parse(url: &str) -> Result<Self, StoreError> {
        if let Some(path) = url.strip_prefix("sqlite://") {
            if path.is_empty() || path.contains(":memory:") {
                // Each pooled connection would get its own empty in-memory database.
                return Err(StoreError::UnsupportedUrl);
            }
            Ok(Self::Sqlite(path.to_owned()))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres(url.to_owned()))
        } else {
            Err(StoreError::UnsupportedUrl)
        }
    }
}

/// The file of a `sqlite://` URL; `None` for PostgreSQL. Errors as [`Store::connect`].
pub(crate) fn sqlite_path(url: &str) -> Result<Option<String>, StoreError> {
    Ok(match Target::parse(url)? {
        Target::Sqlite(path) => Some(path),
        Target::Postgres(_) => None,
    })
}

/// Opens connections for r2d2 by URL scheme; SQLite connections get their pragmas here
/// because pragmas like busy_timeout and foreign_keys are per connection. Every attempt's
/// outcome is noted in `reach`.
#[derive(Debug)]
pub(crate) struct Manager {
    target: Target,
    reach: Arc<Reach>,
}

/// Whether the newest attempt to open a connection failed: the database is down (stopped,
/// restarting, unreachable) until an attempt succeeds again.
#[derive(Debug, Default)]
pub(crate) struct Reach {
    down: AtomicBool,
}

impl Reach {
    fn note<T, E>(&self, attempt: Result<T, E>) -> Result<T, E> {
        self.down.store(attempt.is_err(), Ordering::Relaxed);
        attempt
    }

    fn is_down(&self) -> bool {
        self.down.load(Ordering::Relaxed)
    }
}

/// How long a request waits for a connection while the pool is busy, each in use.
const BUSY_WAIT: Duration = Duration::from_secs(10);
/// How often a waiting request looks whether the database has gone down: once it has, the
/// request is answered 503 at once rather than after `BUSY_WAIT` (issue 25: within 2 s).
const DOWN_CHECK: Duration = Duration::from_millis(250);
/// r2d2's `connection_timeout`: how long `Store::connect` waits for its first connections.
/// r2d2 also retries a failed connection at most every half of it, so the pool reconnects
/// within a second of the database's return (issue 25: service resumes within 5 s).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// Per-connection SQLite settings: busy_timeout (first) makes writers queue (the WAL switch
/// on a new file is made alone first, by `prepare_sqlite`, as the timeout does not cover it); WAL lets readers run beside
/// a writer; foreign keys are off by default in SQLite.
pub(crate) const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;";

impl r2d2::ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<DbConnection, Self::Error> {
        self.reach.note(match &self.target {
            Target::Sqlite(path) => SqliteConnection::establish(path)
                .map_err(diesel::r2d2::Error::ConnectionError)
                .and_then(|mut conn| {
                    conn.batch_execute(SQLITE_PRAGMAS)
                        .map_err(diesel::r2d2::Error::QueryError)?;
                    Ok(DbConnection::Sqlite(conn))
                }),
            Target::Postgres(url) => PgConnection::establish(url)
                .map(DbConnection::Postgres)
                .map_err(diesel::r2d2::Error::ConnectionError),
        })
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), Self::Error> {
        conn.ping().map_err(diesel::r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        conn.is_broken()
    }
}

type Pool = r2d2::Pool<Manager>;
pub(crate) type PooledConn = r2d2::PooledConnection<Manager>;

/// The database: a pool of connections to one backend. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    pool: Pool,
    backend: Backend,
    /// Whether the database is down, as the pool's newest connection attempt found.
    reach: Arc<Reach>,
    /// SQLite allows one writer at a time and makes the others sleep and retry (up to
    /// busy_timeout), which collapses throughput under contention. Writers queue on this
    /// lock instead, handing over in microseconds. PostgreSQL has none: it locks rows.
    sqlite_writer: Option<Arc<Mutex<()>>>,
}

/// The connection pool's use (GET /metrics): waits on the pool show as `in_use == max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolUse {
    pub max: u32,
    pub open: u32,
    pub in_use: u32,
}

/// A pooled connection for writing, holding the SQLite writer lock while it lives.
pub(crate) struct WriteConn<'a> {
    conn: PooledConn,
    _writer: Option<MutexGuard<'a, ()>>,
}

impl std::ops::Deref for WriteConn<'_> {
    type Target = DbConnection;
    fn deref(&self) -> &DbConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for WriteConn<'_> {
    fn deref_mut(&mut self) -> &mut DbConnection {
        &mut self.conn
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Connects to `url` (`sqlite://path` or `postgres://...`), creating the SQLite file's
    /// directory when needed. Fails fast if the database cannot be reached.
    pub fn connect(url: &str, max_connections: u32) -> Result<Self, StoreError> {
        let target = Target::parse(url)?;
        let backend = match &target {
            Target::Sqlite(path) => {
                if let Some(dir) = Path::new(path)
                    .parent()
                    .filter(|d| !d.as_os_str().is_empty())
                {
                    std::fs::create_dir_all(dir)?;
                }
                Backend::Sqlite
            }
            Target::Postgres(_) => Backend::Postgres,
        };
        if let Target::Sqlite(path) = &target {
            prepare_sqlite(path)?;
        }
        let reach = Arc::new(Reach::default());
        let pool = pool_builder(max_connections).build(Manager {
            target,
            reach: reach.clone(),
        })?;
        Ok(Self::over(pool, backend, reach))
    }

    fn over(pool: Pool, backend: Backend, reach: Arc<Reach>) -> Self {
        let sqlite_writer = (backend == Backend::Sqlite).then(|| Arc::new(Mutex::new(())));
        Self {
            pool,
            backend,
            reach,
            sqlite_writer,
        }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// How many of the pool's connections are open and how many of those are in use now.
    pub fn pool_use(&self) -> PoolUse {
        let state = self.pool.state();
        PoolUse {
            max: self.pool.max_size(),
            open: state.connections,
            in_use: state.connections.saturating_sub(state.idle_connections),
        }
    }

    /// Applies pending embedded migrations for this backend.
    pub fn migrate(&self) -> Result<(), StoreError> {
        let mut conn = self.pool.get()?;
        let applied = match &mut *conn {
            DbConnection::Sqlite(c) => migrate_sqlite(c),
            DbConnection::Postgres(c) => c
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|v| v.len()),
        }
        .map_err(|e| StoreError::Migrate(e.to_string()))?;
        drop(conn);
        // Data that SQL alone cannot bring up to date, after any schema change.
        if applied > 0 {
            let (fixed, left) = self
                .canonicalise_emails()
                .map_err(|e| StoreError::Migrate(e.to_string()))?;
            if fixed > 0 || left > 0 {
                tracing::warn!(
                    fixed,
                    left,
                    "stored addresses brought to their canonical form; those left are twins of \
                     another account, to be merged by an admin"
                );
            }
        }
        Ok(())
    }

    /// Applies the oldest pending migration (its `up.sql`) and returns its name, or `None`
    /// when none is pending: for the test that walks the migrations one at a time.
    #[cfg(feature = "test-hooks")]
    pub fn run_next_migration_for_tests(&self) -> Result<Option<String>, StoreError> {
        self.migration_step(true)
    }

    /// Reverts the newest applied migration (its `down.sql`) and returns its name, or
    /// `None` when none is applied: for the test that every `down.sql` undoes its `up.sql`.
    #[cfg(feature = "test-hooks")]
    pub fn revert_last_migration_for_tests(&self) -> Result<Option<String>, StoreError> {
        self.migration_step(false)
    }

    #[cfg(feature = "test-hooks")]
    fn migration_step(&self, forward: bool) -> Result<Option<String>, StoreError> {
        let mut conn = self.pool.get()?;
        match &mut *conn {
            DbConnection::Sqlite(c) => {
                // As `migrate_sqlite`: schema changes with foreign keys off, checked after.
                c.batch_execute("PRAGMA foreign_keys = OFF")
                    .map_err(|e| StoreError::Migrate(e.to_string()))?;
                let step = one_migration(c, SQLITE_MIGRATIONS, forward);
                c.batch_execute("PRAGMA foreign_keys = ON")
                    .map_err(|e| StoreError::Migrate(e.to_string()))?;
                let step = step.map_err(|e| StoreError::Migrate(e.to_string()))?;
                check_references(c).map_err(|e| StoreError::Migrate(e.to_string()))?;
                Ok(step)
            }
            DbConnection::Postgres(c) => one_migration(c, POSTGRES_MIGRATIONS, forward)
                .map_err(|e| StoreError::Migrate(e.to_string())),
        }
    }

    /// A pooled connection: waits while every connection is in use (up to `BUSY_WAIT`), but
    /// not while the database is down, when waiting cannot help.
    pub(crate) fn conn(&self) -> Result<PooledConn, RepoError> {
        let deadline = Instant::now() + BUSY_WAIT;
        loop {
            match self.pool.get_timeout(DOWN_CHECK) {
                Ok(conn) => return Ok(conn),
                Err(e) if self.reach.is_down() || Instant::now() >= deadline => {
                    return Err(RepoError::Unavailable(e.to_string()));
                }
                Err(_) => {}
            }
        }
    }

    /// A connection for a write. The connection is taken before the writer lock, so a
    /// lock holder never waits for the pool while others hold connections waiting for it.
    pub(crate) fn writer(&self) -> Result<WriteConn<'_>, RepoError> {
        let conn = self.conn()?;
        let writer = self
            .sqlite_writer
            .as_ref()
            .map(|lock| lock.lock().unwrap_or_else(PoisonError::into_inner));
        Ok(WriteConn {
            conn,
            _writer: writer,
        })
    }
}

/// Opens the SQLite file once, alone, before the pool opens its connections side by side:
/// on a new file the switch to WAL (which the file keeps) could otherwise meet another
/// connection's first open and fail with "database is locked", which the busy timeout
/// does not cover (issue 25: seen once on a first start).
fn prepare_sqlite(path: &str) -> Result<(), StoreError> {
    let mut conn =
        SqliteConnection::establish(path).map_err(|e| StoreError::Open(e.to_string()))?;
    conn.batch_execute(SQLITE_PRAGMAS)
        .map_err(|e| StoreError::Open(e.to_string()))
}

fn pool_builder(max_connections: u32) -> r2d2::Builder<Manager> {
    r2d2::Pool::builder()
        .max_size(max_connections.max(1))
        .connection_timeout(CONNECT_TIMEOUT)
        // No `SELECT 1` on every checkout (a round trip per query under load): a broken
        // connection fails its query, is flagged by `has_broken` and dropped on return.
        .test_on_check_out(false)
}

/// SQLite's migrations run with foreign keys off, as SQLite's own guidance for schema
/// changes says (it is the only way to add a NOT NULL column that references another table,
/// or to rebuild a table others refer to), each still in its own transaction; every
/// reference is checked once they have run.
fn migrate_sqlite(
    conn: &mut SqliteConnection,
) -> Result<usize, Box<dyn std::error::Error + Send + Sync>> {
    conn.batch_execute("PRAGMA foreign_keys = OFF")?;
    let applied = conn
        .run_pending_migrations(SQLITE_MIGRATIONS)
        .map(|v| v.len());
    conn.batch_execute("PRAGMA foreign_keys = ON")?;
    let applied = applied?;
    check_references(conn)?;
    Ok(applied)
}

/// Fails when any row refers to a row that is not there (`PRAGMA foreign_key_check`).
fn check_references(
    conn: &mut SqliteConnection,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    #[derive(diesel::QueryableByName)]
    struct Broken {
        #[diesel(sql_type = diesel::sql_types::Text)]
        table: String,
    }
    let broken: Vec<Broken> =
        diesel::RunQueryDsl::load(diesel::sql_query("PRAGMA foreign_key_check"), conn)?;
    match broken.first() {
        Some(row) => Err(format!(
            "after the migrations, {} rows refer to nothing (first in table {})",
            broken.len(),
            row.table
        )
        .into()),
        None => Ok(()),
    }
}

/// Runs the next pending migration forward, or reverts the newest applied one.
#[cfg(feature = "test-hooks")]
fn one_migration<DB: diesel::backend::Backend>(
    harness: &mut impl MigrationHarness<DB>,
    source: EmbeddedMigrations,
    forward: bool,
) -> diesel::migration::Result<Option<String>> {
    use diesel::migration::MigrationSource;
    let migration = if forward {
        harness.pending_migrations(source)?.into_iter().next()
    } else {
        let applied = harness.applied_migrations()?;
        let newest = applied.iter().max();
        MigrationSource::<DB>::migrations(&source)?
            .into_iter()
            .find(|m| Some(&m.name().version()) == newest)
    };
    let Some(migration) = migration else {
        return Ok(None);
    };
    if forward {
        harness.run_migration(&*migration)?;
    } else {
        harness.revert_migration(&*migration)?;
    }
    Ok(Some(migration.name().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store whose database nobody answers for, as once it has stopped.
    fn over_a_stopped_database() -> Store {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let reach = Arc::new(Reach::default());
        let target = Target::Postgres(format!("postgres://nobody@127.0.0.1:{port}/gone"));
        let pool = pool_builder(2).build_unchecked(Manager {
            target,
            reach: reach.clone(),
        });
        Store::over(pool, Backend::Postgres, reach)
    }

    #[test]
    fn while_the_database_is_down_a_connection_is_refused_at_once() {
        let store = over_a_stopped_database();
        for _ in 0..3 {
            let asked = Instant::now();
            let answer = store.conn();
            assert!(matches!(answer, Err(RepoError::Unavailable(_))));
            // Well within the 2 s a request has to answer 503, and far from BUSY_WAIT.
            assert!(
                asked.elapsed() < Duration::from_secs(1),
                "{:?}",
                asked.elapsed()
            );
        }
        assert!(store.reach.is_down());
    }

    #[test]
    fn a_busy_pool_is_waited_for_while_the_database_is_up() {
        let db = playspace_test_support::TempSqlite::new();
        let store = Store::connect(&db.url(), 1).unwrap();
        let held = store.conn().unwrap();
        let waiter = std::thread::spawn({
            let store = store.clone();
            move || {
                let asked = Instant::now();
                store.conn().map(|_| asked.elapsed()).ok()
            }
        });
        // Held for several of the waiter's looks at whether the database is down.
        std::thread::sleep(DOWN_CHECK * 4);
        drop(held);
        let waited = waiter
            .join()
            .unwrap()
            .expect("a connection once one was free");
        assert!(waited >= DOWN_CHECK * 3, "{waited:?}");
        assert!(!store.reach.is_down());
    }

    #[test]
    fn a_new_sqlite_file_opens_side_by_side_once_prepared() {
        for _ in 0..10 {
            let db = playspace_test_support::TempSqlite::new();
            let path = db.path().join("test.db").to_str().unwrap().to_owned();
            prepare_sqlite(&path).unwrap();
            let manager = Arc::new(Manager {
                target: Target::Sqlite(path),
                reach: Arc::default(),
            });
            let opened: Vec<_> = (0..8)
                .map(|_| {
                    let manager = manager.clone();
                    std::thread::spawn(move || r2d2::ManageConnection::connect(&*manager).map(drop))
                })
                .collect();
            for open in opened {
                open.join().unwrap().unwrap();
            }
        }
    }

    #[test]
    fn a_connection_attempt_notes_whether_the_database_answered() {
        let reach = Reach::default();
        assert!(reach.note::<(), ()>(Err(())).is_err());
        assert!(reach.is_down());
        assert!(reach.note::<(), ()>(Ok(())).is_ok());
        assert!(!reach.is_down());
    }
}
