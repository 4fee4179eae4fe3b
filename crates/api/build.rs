//! Records the commit the binary is built from, for `playspace --version`: git's short hash,
//! else `PLAYSPACE_COMMIT` from the environment (a build from a source archive), else
//! "unknown". Reruns when the checked-out commit changes, and in a release build when the
//! frontend build it embeds changes (crate::frontend::files).
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?.trim().to_owned();
    (!text.is_empty()).then_some(text)
}

/// Cargo reruns a build script for ever when a watched file is missing: watch only files.
fn watch(file: Option<String>) {
    if let Some(file) = file.filter(|file| std::path::Path::new(file).is_file()) {
        println!("cargo:rerun-if-changed={file}");
    }
}

fn main() {
    println!("cargo:rerun-if-env-changed=PLAYSPACE_COMMIT");
    // HEAD names the branch; the branch's ref (loose or packed) names the commit.
    for path in ["HEAD", "packed-refs"] {
        watch(git(&[
            "rev-parse",
            "--path-format=absolute",
            "--git-path",
            path,
        ]));
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watch(git(&[
            "rev-parse",
            "--path-format=absolute",
            "--git-path",
            &branch,
        ]));
    }
    // A release build carries frontend/dist: a new build of it (new file names) must make a
    // new binary. Debug builds read it at run time, and are not rebuilt when it changes
    // (scripts/test builds the frontend beside them).
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        let dist = std::path::Path::new("../../frontend/dist");
        if dist.is_dir() {
            println!("cargo:rerun-if-changed={}", dist.display());
        }
    }
    let commit = git(&["rev-parse", "--short=12", "HEAD"])
        .or_else(|| std::env::var("PLAYSPACE_COMMIT").ok())
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=PLAYSPACE_COMMIT={commit}");
}
