//! The `playspace` command: serve (default), migrate, seed, create-admin, and the data care
//! commands backup, restore and migrate-data.
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use playspace_api::config::{ADMIN_PASSWORD_VARIABLE, Config};
use playspace_api::data_care;
use std::io::IsTerminal;

use playspace_api::server::{self, StartError, prepare_store, run};
use playspace_api::telemetry;
use playspace_app::accounts::{CreateAdminError, create_admin};
use playspace_app::{ScaleOutcome, ScaleSize, SeedMode, SeedOutcome};
use playspace_store::Store;

/// `playspace --version`: the release and the commit it was built from (crates/api/build.rs).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("PLAYSPACE_COMMIT"),
    ")"
);

#[derive(Parser)]
#[command(
    name = "playspace",
    version = VERSION,
    about = "PlaySpace: inclusive community sports booking"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Scale {
    Large,
    Small,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, seed the embedded default database on first start, and serve (default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Add demo events, members and bookings to a database without events.
    Seed {
        /// Delete all events, their bookings and the demo members first.
        #[arg(long)]
        reset: bool,
        /// Also add a year of a busy organisation's data (large: 20,000 members, about
        /// 2,500 sessions and 200,000 bookings), once: a second run does nothing.
        #[arg(long, value_enum, conflicts_with = "reset")]
        scale: Option<Scale>,
    },
    /// Create an administrator, or make an existing account one. The password comes from
    /// ADMIN_PASSWORD, or is asked for (or read from standard input when not a terminal).
    CreateAdmin {
        #[arg(long)]
        email: String,
    },
    /// Write a consistent copy of the SQLite database (DATABASE_URL) to a new FILE, safe
    /// while the site serves. For PostgreSQL it prints the pg_dump command to use.
    Backup {
        #[arg(long, value_name = "FILE")]
        to: PathBuf,
    },
    /// Restore a backup FILE into the site at DATABASE_URL, which must be empty; an older
    /// backup is brought up to date. For PostgreSQL it prints the pg_restore command.
    Restore {
        #[arg(long, value_name = "FILE")]
        from: PathBuf,
    },
    /// Move a whole site from SQLite to an empty PostgreSQL database, ids and times kept,
    /// then count and compare the rows.
    MigrateData {
        /// The SQLite site, as sqlite://path/to/playspace.db.
        #[arg(long, value_name = "URL")]
        from: String,
        /// The empty PostgreSQL database, as postgres://….
        #[arg(long, value_name = "URL")]
        to: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("configuration error: {e}");
            return ExitCode::from(2);
        }
    };
    telemetry::init(config.log_format);
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => actix_web::rt::System::new().block_on(run(config)),
        Command::Migrate => migrate(&config),
        Command::Seed { reset, scale } => seed(config, reset, scale),
        Command::CreateAdmin { email } => create_admin_command(config, &email),
        Command::Backup { to } => return data_care::backup(&config.database_url, &to),
        Command::Restore { from } => return data_care::restore(&from, &config.database_url),
        Command::MigrateData { from, to } => return data_care::migrate_data(&from, &to),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "playspace failed");
            ExitCode::FAILURE
        }
    }
}

fn migrate(config: &Config) -> Result<(), StartError> {
    let store = Store::connect(&config.database_url, 1)?;
    store.migrate()?;
    tracing::info!("migrations applied");
    Ok(())
}

fn seed(config: Config, reset: bool, scale: Option<Scale>) -> Result<(), StartError> {
    let store = prepare_store(&config)?;
    let state = server::state(config, store)?;
    let mode = if reset {
        SeedMode::Reset
    } else {
        SeedMode::IfEmpty
    };
    if server::seed(&state, mode)? == SeedOutcome::AlreadySeeded {
        tracing::info!("events already exist; nothing seeded (use --reset to rebuild)");
    }
    if let Some(scale) = scale {
        let size = match scale {
            Scale::Large => ScaleSize::LARGE,
            Scale::Small => ScaleSize::SMALL,
        };
        if let ScaleOutcome::AlreadySeeded { members } = server::seed_scale(&state, size)? {
            tracing::info!(members, "scale data already present; nothing added");
        }
    }
    Ok(())
}

fn create_admin_command(config: Config, email: &str) -> Result<(), StartError> {
    let password = match std::env::var(ADMIN_PASSWORD_VARIABLE) {
        Ok(password) => password,
        Err(_) if std::io::stdin().is_terminal() => rpassword::prompt_password("Admin password: ")?,
        Err(_) => {
            let mut line = String::new();
            std::io::stdin().read_line(&mut line)?;
            line.trim_end_matches(['\r', '\n']).to_owned()
        }
    };
    let store = prepare_store(&config)?;
    let state = server::state(config, store)?;
    match create_admin(&state.account_deps(), email, &password) {
        Ok(_) => {
            tracing::info!("administrator ready");
            Ok(())
        }
        Err(CreateAdminError::Invalid(fields)) => {
            Err(StartError::Io(std::io::Error::other(fields.to_string())))
        }
        Err(CreateAdminError::Store(e)) => {
            Err(StartError::Io(std::io::Error::other(e.to_string())))
        }
    }
}
