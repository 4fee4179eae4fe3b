//! Lists and limits the browser and the server both need have one source: the domain. The
//! browser's copy, `frontend/src/generated/shared-rules/*.ts`, is written from it
//! (`playspace_api::shared_rules`), and the frontend's type checks hold each labelled list
//! to it. This test fails when the committed modules are not what the domain says now.

use std::path::Path;

#[test]
fn the_frontend_rules_are_generated_from_the_domain() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(playspace_api::shared_rules::DIR);
    let expected = playspace_api::shared_rules::modules();
    if std::env::var_os("UPDATE_SHARED_RULES").is_some() {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in &expected {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }
    let mut committed: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    committed.sort();
    let mut names: Vec<String> = expected.iter().map(|(name, _)| name.clone()).collect();
    names.sort();
    let fix = "Run: UPDATE_SHARED_RULES=1 cargo test -p playspace_api --test http shared_lists";
    assert_eq!(
        committed,
        names,
        "the files in {}. {fix}",
        playspace_api::shared_rules::DIR
    );
    for (name, text) in &expected {
        let file = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(
            &file == text,
            "{}/{name} is not what the domain says now. {fix}",
            playspace_api::shared_rules::DIR
        );
    }
}

/// The text in `export const {name} = "...";` of a frontend file.
fn frontend_string(file: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../frontend/src")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let start = text
        .find(&format!("export const {name} = \""))
        .unwrap_or_else(|| panic!("{name} in {file}"));
    let rest = &text[start + format!("export const {name} = \"").len()..];
    rest[..rest.find('"').unwrap()].to_owned()
}

#[test]
fn the_confirm_page_asks_for_the_password_in_the_servers_words() {
    // The page checks the field before sending; the server checks it again.
    assert_eq!(
        frontend_string("features/auth/api/confirm-sign-up.ts", "PASSWORD_REQUIRED"),
        playspace_domain::signup::PASSWORD_REQUIRED
    );
}
