//! The offline mailer: one RFC 5322 `.eml` file per email, openable in any mail client.

use std::fs::{self, File};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

use playspace_ports::{Accepted, EmailMessage, Mailer, SendError};

use crate::mime;

/// Longest outbox id accepted as a file name (a UUID is 36 characters).
const MAX_ID_LEN: usize = 100;

/// Writes each email to `{dir}/{id}.eml`. The id is the outbox row's, so a retry overwrites
/// the earlier file instead of leaving a duplicate.
#[derive(Clone, Debug)]
pub struct FileMailbox {
    dir: PathBuf,
}

impl FileMailbox {
    /// The directory is created on first send, so it may be deleted while the app runs.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Mailer for FileMailbox {
    fn send(&self, message: &EmailMessage) -> Result<Accepted, SendError> {
        let file_name = file_name_for(&message.id).ok_or_else(|| {
            SendError::Permanent(
                "email id is not usable as a file name (allowed: A-Z a-z 0-9 . _ -)".to_owned(),
            )
        })?;
        let eml = mime::render(message, SystemTime::now()).map_err(SendError::Permanent)?;
        write_atomically(&self.dir, &file_name, &eml).map_err(|err| {
            SendError::Retryable(format!(
                "could not write {file_name} in {}: {err}",
                self.dir.display()
            ))
        })?;
        Ok(Accepted {
            provider_message_id: Some(file_name),
        })
    }
}

/// Refuses ids that could escape the directory or hide the file (`..`, `/`, leading dot).
fn file_name_for(id: &str) -> Option<String> {
    let usable = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    usable.then(|| format!("{id}.eml"))
}

/// Readers never see a half-written file: write a temporary file, flush it, then rename it
/// over the target (atomic within one directory).
fn write_atomically(dir: &Path, file_name: &str, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    fs::create_dir_all(dir)?;
    // Unique per process and call, so concurrent sends of one id never share a temp file.
    let temp = dir.join(format!(
        ".{file_name}.{}.{}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = File::create(&temp)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        })
        .and_then(|()| fs::rename(&temp, dir.join(file_name)));
    if result.is_err() {
        // Best effort: a leftover temp file is hidden and harmless.
        let _ = fs::remove_file(&temp);
    }
    result
}

/// One email read back from a [`FileMailbox`] directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailboxEntry {
    /// The file name without `.eml`: the outbox id.
    pub id: String,
    pub path: PathBuf,
    pub from: String,
    pub to: String,
    pub to_name: Option<String>,
    pub subject: String,
    /// Decoded, with LF line breaks.
    pub text_body: String,
    /// Decoded, with LF line breaks.
    pub html_body: String,
}

/// Reads every `.eml` file a [`FileMailbox`] wrote in `dir`, oldest first (by modification
/// time, then name), so other crates' tests can assert on the mail their code sent. A missing
/// directory means nothing was sent and gives an empty list. A file this crate could not
/// have written is an `InvalidData` error naming the file.
pub fn read_mailbox(dir: impl AsRef<Path>) -> io::Result<Vec<MailboxEntry>> {
    let read_dir = match fs::read_dir(dir.as_ref()) {
        Ok(read_dir) => read_dir,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(err),
    };
    let mut found: Vec<(SystemTime, String, PathBuf)> = Vec::new();
    for dir_entry in read_dir {
        let dir_entry = dir_entry?;
        let path = dir_entry.path();
        let Some(id) = dir_entry
            .file_name()
            .to_str()
            .filter(|name| !name.starts_with('.'))
            .and_then(|name| name.strip_suffix(".eml"))
            .map(str::to_owned)
        else {
            continue;
        };
        found.push((dir_entry.metadata()?.modified()?, id, path));
    }
    found.sort();

    found
        .into_iter()
        .map(|(_, id, path)| {
            let raw = fs::read(&path)?;
            let parsed = mime::parse(&raw).map_err(|reason| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {reason}", path.display()),
                )
            })?;
            Ok(MailboxEntry {
                id,
                path,
                from: parsed.from.1,
                to: parsed.to.1,
                to_name: parsed.to.0,
                subject: parsed.subject,
                text_body: parsed.text_body,
                html_body: parsed.html_body,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_safe_ids_become_file_names() {
        assert_eq!(
            file_name_for("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b").as_deref(),
            Some("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.eml")
        );
        for bad in ["", "..", ".hidden", "../escape", "a/b", "a\\b", "a b", "é"] {
            assert_eq!(file_name_for(bad), None, "{bad:?}");
        }
        assert_eq!(file_name_for(&"a".repeat(MAX_ID_LEN + 1)), None);
    }
}
