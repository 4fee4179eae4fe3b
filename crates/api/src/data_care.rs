//! `playspace backup`, `restore` and `migrate-data` (ADR 0034; docs/operations.md, Backups
//! and restore, Moving to PostgreSQL). The work is the store's (playspace_store::data_care);
//! these print what was done for the operator, or why nothing was.
use std::path::Path;
use std::process::ExitCode;

use playspace_store::data_care::{self, DataCareError, TableRows};

/// Rows of each table compared column by column with the original after a move.
pub const MIGRATE_SAMPLE_ROWS: usize = 50;

/// `playspace backup --to FILE`: a consistent copy of the SQLite site, safe while it serves.
pub fn backup(database_url: &str, to: &Path) -> ExitCode {
    finish(data_care::backup(database_url, to).map(|tables| {
        println!(
            "Backed up to {} (readable by its owner only):",
            to.display()
        );
        print_tables(&tables);
    }))
}

/// `playspace restore --from FILE`: a backup into the empty site at `database_url`.
pub fn restore(from: &Path, database_url: &str) -> ExitCode {
    finish(data_care::restore(from, database_url).map(|tables| {
        println!("Restored {} into the site:", from.display());
        print_tables(&tables);
    }))
}

/// `playspace migrate-data --from sqlite://… --to postgres://…`: the whole site moved.
pub fn migrate_data(from: &str, to: &str) -> ExitCode {
    finish(
        data_care::migrate_data(from, to, MIGRATE_SAMPLE_ROWS).map(|tables| {
            println!("Moved to PostgreSQL; rows counted in both, and a sample compared:");
            for t in &tables {
                println!(
                    "  {:<28} {:>9} rows, {:>3} compared",
                    t.table, t.rows, t.compared
                );
            }
            let rows: i64 = tables.iter().map(|t| t.rows).sum();
            println!("  {} tables, {rows} rows", tables.len());
        }),
    )
}

fn print_tables(tables: &[TableRows]) {
    for t in tables {
        println!("  {:<28} {:>9} rows", t.table, t.rows);
    }
    let rows: i64 = tables.iter().map(|t| t.rows).sum();
    println!("  {} tables, {rows} rows", tables.len());
}

/// Success, or the reason on standard error and a failing exit status.
fn finish(result: Result<(), DataCareError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
