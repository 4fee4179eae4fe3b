//! The `playspace` command itself.
use std::process::Command;

#[test]
fn version_names_the_release_and_the_commit_it_was_built_from() {
    let output = Command::new(env!("CARGO_BIN_EXE_playspace"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let printed = String::from_utf8(output.stdout).unwrap();
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map_or_else(
            || "unknown".to_owned(),
            |out| String::from_utf8(out.stdout).unwrap().trim().to_owned(),
        );
    assert_eq!(
        printed.trim(),
        format!("playspace {} ({commit})", env!("CARGO_PKG_VERSION"))
    );
}
