//! The outbox worker's step: claim due emails, send each, record the outcome.
use playspace_domain::outbox::{CLAIM_LEASE, may_retry, retry_delay};
use playspace_ports::{Clock, EmailMessage, Mailer, Outbox, RepoError, SendError};

/// What one step did, for logs and tests.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DeliveryReport {
    pub delivered: usize,
    pub retrying: usize,
    pub failed: usize,
}

/// Sends up to `batch` due emails, one after another in the order claimed (the order they
/// were written, for those due together). Only 429, 5xx and network errors are retried, with
/// jittered exponential backoff, and no email gets more than its `max_attempts`.
pub fn deliver_due_emails(
    outbox: &dyn Outbox,
    mailer: &dyn Mailer,
    clock: &dyn Clock,
    from_name: &str,
    batch: u32,
) -> Result<DeliveryReport, RepoError> {
    let mut report = DeliveryReport::default();
    let claimed = outbox.claim_due(clock.now(), CLAIM_LEASE, batch)?;
    for email in claimed {
        let now = clock.now();
        if email.attempt_count > email.max_attempts {
            // Claimed again after a worker died mid-send on its last attempt.
            outbox.mark_failed_attempt(email.id, "gave up: no attempts left", None, now)?;
            report.failed += 1;
            continue;
        }
        let message = EmailMessage {
            id: email.id.to_string(),
            from_email: email.from_email.clone(),
            from_name: from_name.to_owned(),
            to_email: email.to_email.clone(),
            to_name: email.to_name.clone(),
            subject: email.subject.clone(),
            html_body: email.html_body.clone(),
            text_body: email.text_body.clone(),
        };
        match mailer.send(&message) {
            Ok(accepted) => {
                outbox.mark_delivered(email.id, accepted.provider_message_id, now)?;
                report.delivered += 1;
            }
            Err(SendError::Retryable(error))
                if may_retry(email.attempt_count, email.max_attempts) =>
            {
                let retry_at = now + retry_delay(email.attempt_count, rand::random_range(0.5..1.5));
                outbox.mark_failed_attempt(email.id, &error, Some(retry_at), now)?;
                report.retrying += 1;
            }
            Err(SendError::Retryable(error) | SendError::Permanent(error)) => {
                outbox.mark_failed_attempt(email.id, &error, None, now)?;
                report.failed += 1;
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_domain::DeliveryId;
    use playspace_ports::{Accepted, ClaimedEmail, MockMailer, MockOutbox};
    use playspace_test_support::{FixedClock, test_now};

    fn claimed(attempt_count: u32) -> ClaimedEmail {
        ClaimedEmail {
            id: DeliveryId::new(),
            from_email: "hello@playspace.test".into(),
            to_email: "ana@example.org".into(),
            to_name: Some("Ana".into()),
            subject: "Hi".into(),
            html_body: "<p>Hi</p>".into(),
            text_body: "Hi".into(),
            attempt_count,
            max_attempts: 3,
        }
    }

    fn run(
        email: ClaimedEmail,
        outcome: Result<Accepted, SendError>,
        outbox_setup: impl FnOnce(&mut MockOutbox),
    ) -> DeliveryReport {
        let mut outbox = MockOutbox::new();
        outbox
            .expect_claim_due()
            .times(1)
            .return_once(move |_, _, _| Ok(vec![email]));
        outbox_setup(&mut outbox);
        let mut mailer = MockMailer::new();
        mailer.expect_send().return_once(move |_| outcome);
        deliver_due_emails(&outbox, &mailer, &FixedClock(test_now()), "PlaySpace", 10).unwrap()
    }

    #[test]
    fn delivered_emails_keep_the_providers_id() {
        let report = run(
            claimed(1),
            Ok(Accepted {
                provider_message_id: Some("sg-1".into()),
            }),
            |o| {
                o.expect_mark_delivered()
                    .withf(|_, id, _| id.as_deref() == Some("sg-1"))
                    .times(1)
                    .returning(|_, _, _| Ok(()));
            },
        );
        assert_eq!(report.delivered, 1);
    }

    #[test]
    fn temporary_failures_retry_later_with_backoff() {
        let report = run(
            claimed(1),
            Err(SendError::Retryable("429 Too Many Requests".into())),
            |o| {
                o.expect_mark_failed_attempt()
                    .withf(|_, e, retry, now| {
                        let wait = retry.map(|r| r - *now);
                        e.contains("429")
                            && wait.is_some_and(|w| {
                                w >= chrono::Duration::seconds(15)
                                    && w < chrono::Duration::seconds(45)
                            })
                    })
                    .times(1)
                    .returning(|_, _, _, _| Ok(()));
            },
        );
        assert_eq!(report.retrying, 1);
    }

    #[test]
    fn permanent_failures_are_never_retried() {
        let report = run(
            claimed(1),
            Err(SendError::Permanent("400 invalid address".into())),
            |o| {
                o.expect_mark_failed_attempt()
                    .withf(|_, _, retry, _| retry.is_none())
                    .times(1)
                    .returning(|_, _, _, _| Ok(()));
            },
        );
        assert_eq!(report.failed, 1);
    }

    #[test]
    fn the_third_failed_attempt_gives_up() {
        let report = run(claimed(3), Err(SendError::Retryable("500".into())), |o| {
            o.expect_mark_failed_attempt()
                .withf(|_, _, retry, _| retry.is_none())
                .times(1)
                .returning(|_, _, _, _| Ok(()));
        });
        assert_eq!(report.failed, 1);
    }

    #[test]
    fn a_reclaimed_email_past_its_attempts_is_not_sent_again() {
        let mut outbox = MockOutbox::new();
        outbox
            .expect_claim_due()
            .return_once(|_, _, _| Ok(vec![claimed(4)]));
        outbox
            .expect_mark_failed_attempt()
            .withf(|_, _, retry, _| retry.is_none())
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let mut mailer = MockMailer::new();
        mailer.expect_send().never();
        let report =
            deliver_due_emails(&outbox, &mailer, &FixedClock(test_now()), "PlaySpace", 10).unwrap();
        assert_eq!(report.failed, 1);
    }
}
