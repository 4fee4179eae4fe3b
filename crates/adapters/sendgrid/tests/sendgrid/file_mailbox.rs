//! FileMailbox writes .eml files that read_mailbox (and mail clients) can read back.

use std::fs;
use std::time::{Duration, SystemTime};

use playspace_ports::{Accepted, EmailMessage, Mailer, SendError};
use playspace_sendgrid::{FileMailbox, read_mailbox};

fn message(id: &str) -> EmailMessage {
    EmailMessage {
        id: id.to_owned(),
        from_email: "bookings@playspace.example".to_owned(),
        from_name: "PlaySpace".to_owned(),
        to_email: "sam@example.com".to_owned(),
        to_name: Some("Sam Green".to_owned()),
        subject: "Your booking".to_owned(),
        html_body: "<p>See you on <b>Saturday</b></p>".to_owned(),
        text_body: "See you on Saturday.\nBring water.".to_owned(),
    }
}

const ID: &str = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

#[test]
fn writes_a_well_formed_multipart_file_named_after_the_id() {
    let dir = tempfile::tempdir().unwrap();
    let mailbox = FileMailbox::new(dir.path());

    let accepted = mailbox.send(&message(ID)).unwrap();

    let file_name = format!("{ID}.eml");
    assert_eq!(
        accepted,
        Accepted {
            provider_message_id: Some(file_name.clone())
        }
    );
    let raw = fs::read_to_string(dir.path().join(&file_name)).unwrap();
    assert!(!raw.replace("\r\n", "").contains('\n'), "bare LF in {raw}");
    let (head, _) = raw.split_once("\r\n\r\n").unwrap();
    for expected in [
        "From: PlaySpace <bookings@playspace.example>",
        "To: \"Sam Green\" <sam@example.com>",
        "Subject: Your booking",
        &format!("Message-ID: <{ID}@playspace.local>"),
        "MIME-Version: 1.0",
        "Content-Type: multipart/alternative;",
    ] {
        assert!(head.contains(expected), "{expected:?} missing from\n{head}");
    }
    let date = head
        .lines()
        .find_map(|line| line.strip_prefix("Date: "))
        .unwrap();
    chrono::DateTime::parse_from_rfc2822(date).unwrap();
    let boundary = format!("=_playspace_{ID}");
    assert!(raw.contains(&format!("boundary=\"{boundary}\"")));
    assert_eq!(raw.matches(&format!("\r\n--{boundary}\r\n")).count(), 2);
    assert!(raw.ends_with(&format!("\r\n--{boundary}--\r\n")));
    assert!(raw.contains("Content-Type: text/plain; charset=utf-8\r\n"));
    assert!(raw.contains("Content-Type: text/html; charset=utf-8\r\n"));
    assert_eq!(
        raw.matches("Content-Transfer-Encoding: base64\r\n").count(),
        2
    );
    assert!(raw.split("\r\n").all(|line| line.len() <= 76));

    let entries = read_mailbox(dir.path()).unwrap();
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry.id, ID);
    assert_eq!(entry.path, dir.path().join(&file_name));
    assert_eq!(entry.from, "bookings@playspace.example");
    assert_eq!(entry.to, "sam@example.com");
    assert_eq!(entry.to_name.as_deref(), Some("Sam Green"));
    assert_eq!(entry.subject, "Your booking");
    assert_eq!(entry.text_body, "See you on Saturday.\nBring water.");
    assert_eq!(entry.html_body, "<p>See you on <b>Saturday</b></p>");
}

#[test]
fn non_ascii_subject_names_and_bodies_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let mut email = message(ID);
    email.subject =
        "Réservation confirmée: Zoë's 5-a-side ⚽ at Hackney Marshes, Saturday 10:00".to_owned();
    email.to_name = Some("Zoë Łukasiewicz".to_owned());
    email.text_body = "Café at 10:00 — see you there ✓\nÑandú".to_owned();
    email.html_body = "<p>Café — <em>ünïcödé</em> ✓</p>".to_owned();

    FileMailbox::new(dir.path()).send(&email).unwrap();

    let raw = fs::read_to_string(dir.path().join(format!("{ID}.eml"))).unwrap();
    assert!(raw.is_ascii(), "headers and bodies are encoded to ASCII");
    assert!(raw.to_ascii_lowercase().contains("subject: =?utf-8?b?"));
    let entry = &read_mailbox(dir.path()).unwrap()[0];
    assert_eq!(entry.subject, email.subject);
    assert_eq!(entry.to_name, email.to_name);
    assert_eq!(entry.text_body, email.text_body);
    assert_eq!(entry.html_body, email.html_body);
}

#[test]
fn sending_the_same_id_again_overwrites_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let mailbox = FileMailbox::new(dir.path());
    let mut email = message(ID);
    mailbox.send(&email).unwrap();
    email.subject = "Your booking (retry)".to_owned();
    mailbox.send(&email).unwrap();

    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, [format!("{ID}.eml")], "no duplicates, no temp files");
    let entries = read_mailbox(dir.path()).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].subject, "Your booking (retry)");
}

#[test]
fn creates_a_missing_directory() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("data").join("mail");
    assert!(read_mailbox(&nested).unwrap().is_empty());

    FileMailbox::new(&nested).send(&message(ID)).unwrap();

    assert!(nested.join(format!("{ID}.eml")).is_file());
    assert_eq!(read_mailbox(&nested).unwrap().len(), 1);
}

#[test]
fn read_mailbox_orders_by_modification_time_and_skips_other_files() {
    let dir = tempfile::tempdir().unwrap();
    let mailbox = FileMailbox::new(dir.path());
    for id in ["a-first-by-name", "b-second-by-name"] {
        mailbox.send(&message(id)).unwrap();
    }
    let now = SystemTime::now();
    let set_mtime = |id: &str, age: u64| {
        fs::File::options()
            .write(true)
            .open(dir.path().join(format!("{id}.eml")))
            .unwrap()
            .set_modified(now - Duration::from_secs(age))
            .unwrap();
    };
    set_mtime("a-first-by-name", 10);
    set_mtime("b-second-by-name", 60);
    fs::write(dir.path().join("notes.txt"), "not an email").unwrap();

    let ids: Vec<String> = read_mailbox(dir.path())
        .unwrap()
        .into_iter()
        .map(|entry| entry.id)
        .collect();
    assert_eq!(ids, ["b-second-by-name", "a-first-by-name"]);
}

#[test]
fn an_id_that_could_escape_the_directory_is_refused_permanently() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("mail");

    let result = FileMailbox::new(&inner).send(&message("../escaped"));

    assert!(matches!(result, Err(SendError::Permanent(_))), "{result:?}");
    assert!(!dir.path().join("escaped.eml").exists());
    assert!(read_mailbox(&inner).unwrap().is_empty());
}

#[test]
fn an_unwritable_directory_is_retryable() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("file");
    fs::write(&not_a_dir, "occupied").unwrap();

    let result = FileMailbox::new(&not_a_dir).send(&message(ID));

    assert!(matches!(result, Err(SendError::Retryable(_))), "{result:?}");
}
