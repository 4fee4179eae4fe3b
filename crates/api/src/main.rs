//! The `playspace` command: serve (default), migrate, seed.
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use playspace_api::config::Config;
use playspace_api::server::{StartError, prepare_store, run};
use playspace_api::telemetry;
use playspace_app::{SeedMode, SeedOutcome, seed_demo_data};
use playspace_ports::SystemClock;
use playspace_store::Store;

#[derive(Parser)]
#[command(
    name = "playspace",
    version,
    about = "PlaySpace: inclusive community sports booking"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
        Command::Seed { reset } => seed(&config, reset),
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

fn seed(config: &Config, reset: bool) -> Result<(), StartError> {
    // Same preparation as serve, without its automatic seed: this command seeds explicitly.
    let store = prepare_store(&Config {
        embedded_default: false,
        ..config.clone()
    })?;
    let mode = if reset {
        SeedMode::Reset
    } else {
        SeedMode::IfEmpty
    };
    match seed_demo_data(&store, &SystemClock, mode)? {
        SeedOutcome::Seeded { events, bookings } => {
            tracing::info!(events, bookings, "demo data seeded")
        }
        SeedOutcome::AlreadySeeded => {
            tracing::info!("events already exist; nothing seeded (use --reset to rebuild)")
        }
    }
    Ok(())
}
