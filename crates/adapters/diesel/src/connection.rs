use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

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
/// because pragmas like busy_timeout and foreign_keys are per connection.
#[derive(Debug)]
pub(crate) struct Manager(Target);

/// Per-connection SQLite settings: busy_timeout (first, so the WAL switch below waits for
/// other new connections instead of failing) makes writers queue; WAL lets readers run beside
/// a writer; foreign keys are off by default in SQLite.
pub(crate) const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;";

impl r2d2::ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<DbConnection, Self::Error> {
        match &self.0 {
            Target::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(path)
                    .map_err(diesel::r2d2::Error::ConnectionError)?;
                conn.batch_execute(SQLITE_PRAGMAS)
                    .map_err(diesel::r2d2::Error::QueryError)?;
                Ok(DbConnection::Sqlite(conn))
            }
            Target::Postgres(url) => PgConnection::establish(url)
                .map(DbConnection::Postgres)
                .map_err(diesel::r2d2::Error::ConnectionError),
        }
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
        let pool = r2d2::Pool::builder()
            .max_size(max_connections.max(1))
            .connection_timeout(Duration::from_secs(10))
            // No `SELECT 1` on every checkout (a round trip per query under load): a broken
            // connection fails its query, is flagged by `has_broken` and dropped on return.
            .test_on_check_out(false)
            .build(Manager(target))?;
        let sqlite_writer = (backend == Backend::Sqlite).then(|| Arc::new(Mutex::new(())));
        Ok(Self {
            pool,
            backend,
            sqlite_writer,
        })
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

    pub(crate) fn conn(&self) -> Result<PooledConn, RepoError> {
        self.pool
            .get()
            .map_err(|e| RepoError::Unavailable(e.to_string()))
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
