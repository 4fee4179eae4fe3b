//! The outbox worker sends an email once the write that queued it has answered, not at its
//! next look.
use crate::common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::test::{self, TestRequest};
use common::{TestApp, send, sign_up};

/// Waits up to `within` for an email to `to` in the file mailbox under `data_dir`.
async fn arrives(data_dir: &std::path::Path, to: &str, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        let mail = playspace_sendgrid::read_mailbox(data_dir.join("mail")).unwrap();
        if mail.iter().any(|m| m.to == to) {
            return true;
        }
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[actix_web::test]
async fn a_write_sends_its_email_at_once_rather_than_at_the_next_look() {
    let app = TestApp::new();
    let mut state = app.state();
    // The worker looks on its own once at start, then an hour later: only a write can bring
    // an email out in between.
    let mut config = (*state.config).clone();
    config.outbox_poll = Duration::from_secs(3600);
    state.config = Arc::new(config);
    let service = test::init_service(playspace_api::server::app(state.clone())).await;
    let sign_up_as = |email: &str| {
        TestRequest::post()
            .uri("/api/auth/register")
            .set_json(sign_up(email))
    };
    // Queued before the worker starts: its first look sends it.
    let (status, _, _) = send(&service, sign_up_as("first@example.org"), None).await;
    assert_eq!(status, 202);
    actix_web::rt::spawn(playspace_api::outbox_worker::run(state.clone()));
    let data_dir = app.db.path();
    assert!(arrives(data_dir, "first@example.org", Duration::from_secs(10)).await);

    // Queued after its first look: the sign-up's own answer wakes it.
    let (status, _, _) = send(&service, sign_up_as("second@example.org"), None).await;
    assert_eq!(status, 202);
    assert!(
        arrives(data_dir, "second@example.org", Duration::from_secs(10)).await,
        "the email waited for the worker's next look"
    );
}
