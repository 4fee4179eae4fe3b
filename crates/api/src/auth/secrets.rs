use std::io::Write;
use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

/// A secret from the environment, or else one generated once and kept in
/// `{data_dir}/secrets/{name}` (readable by the owner only) so restarts keep sessions valid.
pub fn load_or_create_secret(
    from_env: Option<&str>,
    data_dir: &Path,
    name: &str,
) -> std::io::Result<Vec<u8>> {
    if let Some(secret) = from_env {
        if secret.len() < 32 {
            return Err(std::io::Error::other(format!(
                "{name} must be at least 32 characters"
            )));
        }
        return Ok(secret.as_bytes().to_vec());
    }
    let dir = data_dir.join("secrets");
    let path = dir.join(name);
    if let Ok(text) = std::fs::read_to_string(&path)
        && let Ok(bytes) = STANDARD.decode(text.trim())
        && bytes.len() >= 32
    {
        return Ok(bytes);
    }
    std::fs::create_dir_all(&dir)?;
    let bytes: [u8; 32] = rand::random();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path)?;
    file.write_all(STANDARD.encode(bytes).as_bytes())?;
    Ok(bytes.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_once_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create_secret(None, dir.path(), "jwt").unwrap();
        assert_eq!(first.len(), 32);
        assert_eq!(
            load_or_create_secret(None, dir.path(), "jwt").unwrap(),
            first
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join("secrets/jwt"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn the_environment_wins_but_must_be_long() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            load_or_create_secret(Some(&"k".repeat(32)), dir.path(), "jwt").unwrap(),
            vec![b'k'; 32]
        );
        assert!(load_or_create_secret(Some("short"), dir.path(), "jwt").is_err());
    }
}
