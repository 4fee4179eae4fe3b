//! The files in `deploy/` and the settings in docs/operations.md, held to what the binary
//! does: the unit's command is one `playspace` accepts, every variable the unit and the
//! example environment name is one the server reads (and their values are accepted), and
//! every variable the server reads is in the operations guide's table.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use playspace_api::config::{ADMIN_PASSWORD_VARIABLE, Config, LOG_FILTER_VARIABLE, VARIABLES};
use playspace_api::server::SHUTDOWN_GRACE;

fn repo_file(path: &str) -> (PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (path, text)
}

/// `Key=value` lines of a systemd unit (comments skipped), in order.
fn unit_settings(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.starts_with(['#', ';', '[']) && !line.is_empty())
        .filter_map(|line| line.split_once('='))
        .map(|(key, value)| (key.trim().to_owned(), value.trim().to_owned()))
        .collect()
}

fn unit_setting<'a>(settings: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    settings
        .iter()
        .filter(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .collect()
}

/// Each `NAME=value` line of the example environment, and each `#NAME=value` line (a
/// setting left at its default, shown with it), as (name, value, commented out).
fn env_assignments(text: &str) -> Vec<(String, String, bool)> {
    text.lines()
        .filter_map(|line| {
            let (commented, rest) = match line.strip_prefix('#') {
                Some(rest) => (true, rest),
                None => (false, line),
            };
            let (name, value) = rest.split_once('=')?;
            let is_name = !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
            is_name.then(|| (name.to_owned(), value.trim().to_owned(), commented))
        })
        .collect()
}

/// `playspace ARGS --help` succeeds: clap knows the subcommand and its options.
fn accepts(args: &[&str]) -> bool {
    Command::new(env!("CARGO_BIN_EXE_playspace"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap()
        .status
        .success()
}

fn is_read_by_serve(name: &str) -> bool {
    VARIABLES.contains(&name) || name == LOG_FILTER_VARIABLE
}

#[test]
fn the_unit_starts_a_command_the_binary_accepts() {
    let (path, text) = repo_file("deploy/playspace.service");
    let settings = unit_settings(&text);
    let exec = unit_setting(&settings, "ExecStart");
    assert_eq!(exec.len(), 1, "{}: one ExecStart", path.display());
    let mut words = exec[0].split_whitespace();
    let program = words.next().unwrap();
    assert_eq!(
        program, "/usr/local/bin/playspace",
        "where the guide installs it"
    );
    let args: Vec<&str> = words.collect();
    assert_eq!(args, ["serve"], "the unit serves");
    // clap answers `--help` for a subcommand it knows, and fails for one it does not.
    let output = Command::new(env!("CARGO_BIN_EXE_playspace"))
        .args(&args)
        .arg("--help")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "`playspace {} --help` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    let refused = Command::new(env!("CARGO_BIN_EXE_playspace"))
        .args(["no-such-command", "--help"])
        .output()
        .unwrap();
    assert!(!refused.status.success(), "the check above can fail");

    assert_eq!(
        unit_setting(&settings, "EnvironmentFile"),
        ["/etc/playspace/playspace.env"]
    );
    for (key, value) in &settings {
        if key == "Environment" {
            for assignment in value.split_whitespace() {
                let name = assignment.trim_matches('"').split('=').next().unwrap();
                assert!(
                    is_read_by_serve(name),
                    "Environment={name} is not a setting"
                );
            }
        }
    }
}

#[test]
fn the_backup_unit_runs_the_backup_command_with_the_sites_settings() {
    let (path, text) = repo_file("deploy/playspace-backup.service");
    let settings = unit_settings(&text);
    let exec = unit_setting(&settings, "ExecStart");
    assert_eq!(exec.len(), 1, "{}: one ExecStart", path.display());
    assert!(
        exec[0].contains("/usr/local/bin/playspace backup --to "),
        "{}: {}",
        path.display(),
        exec[0]
    );
    assert!(
        accepts(&["backup", "--to", "x.db"]),
        "`playspace backup --to FILE`"
    );
    assert!(
        !accepts(&["backup", "--into", "x.db"]),
        "the check above can fail"
    );
    assert_eq!(
        unit_setting(&settings, "EnvironmentFile"),
        ["/etc/playspace/playspace.env"],
        "the backup reads the site's own DATABASE_URL"
    );
}

#[test]
fn the_unit_waits_longer_than_the_servers_shutdown_grace() {
    let (_, text) = repo_file("deploy/playspace.service");
    let settings = unit_settings(&text);
    let timeout = unit_setting(&settings, "TimeoutStopSec");
    assert_eq!(timeout.len(), 1, "TimeoutStopSec is set");
    let secs: u64 = timeout[0]
        .strip_suffix('s')
        .unwrap_or(timeout[0])
        .parse()
        .expect("TimeoutStopSec in seconds, e.g. 40s");
    // Requests in flight get SHUTDOWN_GRACE; the rest is for closing the pool and logging.
    assert!(
        Duration::from_secs(secs) >= SHUTDOWN_GRACE + Duration::from_secs(5),
        "TimeoutStopSec={secs}s leaves no room after the {SHUTDOWN_GRACE:?} grace: systemd \
         would kill requests the server is still finishing"
    );
}

#[test]
fn the_example_environment_names_only_settings_the_server_reads_and_it_starts_with_them() {
    let (path, text) = repo_file("deploy/playspace.env.example");
    let assignments = env_assignments(&text);
    assert!(!assignments.is_empty(), "{}: no settings", path.display());
    for (name, _, _) in &assignments {
        assert!(
            is_read_by_serve(name),
            "{}: {name} is not a setting `playspace serve` reads",
            path.display()
        );
    }
    let names: BTreeSet<&str> = assignments.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(names.len(), assignments.len(), "each setting once");
    for name in ["DATABASE_URL", "PUBLIC_URL", "JWT_SECRET", "LINK_SECRET"] {
        assert!(names.contains(name), "the example sets {name}");
    }

    // As `playspace serve` would read the file: empty values are unset, and the settings
    // shown commented out at their defaults must be accepted too.
    for with_commented in [false, true] {
        let values: Vec<(String, String)> = assignments
            .iter()
            .filter(|(_, value, commented)| !value.is_empty() && (with_commented || !commented))
            .map(|(name, value, _)| (name.clone(), value.clone()))
            .collect();
        let config = Config::from_lookup(|name| {
            values
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        })
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            !config.embedded_default,
            "no demo data seeded in production"
        );
        assert!(config.is_https(), "PUBLIC_URL is https");
        assert!(config.bind.ip().is_loopback(), "only the proxy reaches it");
        // The proxy on this machine is believed about the visitor's address; nobody else.
        for proxy in ["127.0.0.1", "::1"] {
            assert!(
                config.trusted_proxies.trusts(proxy.parse().unwrap()),
                "{proxy}"
            );
        }
        assert!(
            !config
                .trusted_proxies
                .trusts("203.0.113.7".parse().unwrap())
        );
        assert!(!config.test_clock && config.rate_limits);
        // Everything the server writes must be where the unit lets it write.
        let (_, unit) = repo_file("deploy/playspace.service");
        let unit = unit_settings(&unit);
        let writable = unit_setting(&unit, "ReadWritePaths").join(" ");
        let writable: Vec<&str> = writable.split_whitespace().collect();
        let sqlite_file = config
            .database_url
            .strip_prefix("sqlite://")
            .expect("the example is the SQLite server");
        for path in [config.data_dir.as_path(), Path::new(sqlite_file)] {
            assert!(
                writable.iter().any(|dir| path.starts_with(dir)),
                "{} is not under the unit's ReadWritePaths {writable:?}",
                path.display()
            );
        }
    }
}

/// The names in the first column of the table under "## Every setting".
fn documented_settings(guide: &str) -> BTreeSet<String> {
    let section = guide
        .split("\n## ")
        .find(|section| section.starts_with("Every setting"))
        .expect("docs/operations.md has a section \"## Every setting\"");
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| "))
        .filter_map(|row| row.split(" |").next())
        .flat_map(|cell| cell.split('`').skip(1).step_by(2))
        .map(ToOwned::to_owned)
        .collect()
}

#[test]
fn every_setting_is_in_the_operations_guide() {
    let (_, guide) = repo_file("docs/operations.md");
    let documented = documented_settings(&guide);
    let read: BTreeSet<String> = VARIABLES
        .iter()
        .chain([&LOG_FILTER_VARIABLE, &ADMIN_PASSWORD_VARIABLE])
        .map(|&name| name.to_owned())
        .collect();
    let missing: Vec<&String> = read.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "read by the server, missing from the table in docs/operations.md: {missing:?}"
    );
    let unknown: Vec<&String> = documented.difference(&read).collect();
    assert!(
        unknown.is_empty(),
        "in the table in docs/operations.md, read by nothing: {unknown:?}"
    );
}
