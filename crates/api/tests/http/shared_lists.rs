//! Lists and limits the browser and the server both need have one source: the domain. The
//! browser's copy, `frontend/src/generated/shared-rules.ts`, is written from it
//! (`playspace_api::shared_rules`), and the frontend's type checks hold each labelled list
//! to it. This test fails when the committed module is not what the domain says now.

use std::path::Path;

#[test]
fn the_frontend_rules_are_generated_from_the_domain() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(playspace_api::shared_rules::PATH);
    let expected = playspace_api::shared_rules::typescript();
    if std::env::var_os("UPDATE_SHARED_RULES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &expected).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == expected,
        "{} is not what the domain says now. Run: UPDATE_SHARED_RULES=1 cargo test -p playspace_api --test http shared_lists",
        playspace_api::shared_rules::PATH
    );
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
