use playspace_domain::admin::AUDIT_LOG_LATEST;
use playspace_domain::page_cursor::{InvalidCursor, PageCursor};
use playspace_ports::{AuditFilter, AuditPage, RepoError};

use super::AdminDeps;

/// The audit tab's query string as received.
#[derive(Clone, Debug, Default)]
pub struct AuditLogInput {
    pub action: Option<String>,
    pub user_id: Option<String>,
    pub cursor: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum AuditLogError {
    #[error(transparent)]
    InvalidCursor(#[from] InvalidCursor),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// One page of the audit trail, newest first: the latest 50 entries matching the action
/// and person, or the 50 before the cursor. Blank parameters are no filter; a person id
/// that cannot be anyone's matches nothing.
pub fn audit_log(deps: &AdminDeps, input: AuditLogInput) -> Result<AuditPage, AuditLogError> {
    let blank_is_none =
        |v: Option<String>| v.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    let after = blank_is_none(input.cursor)
        .map(|c| PageCursor::decode(&c))
        .transpose()?;
    let user_id = match blank_is_none(input.user_id) {
        None => None,
        Some(text) => match text.parse() {
            Ok(id) => Some(id),
            Err(_) => return Ok(AuditPage::default()),
        },
    };
    let filter = AuditFilter {
        action: blank_is_none(input.action),
        user_id,
    };
    Ok(deps.audit.page(&filter, after, AUDIT_LOG_LATEST)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::Mocks;
    use playspace_domain::UserId;
    use playspace_test_support::test_now;

    #[test]
    fn passes_the_filters_and_the_decoded_cursor_to_the_store_fifty_at_a_time() {
        let mut m = Mocks::new();
        let user = UserId::new();
        let cursor = PageCursor::new(test_now(), "0193a1b2-0000-7000-8000-000000000001");
        let expected = cursor.clone();
        m.audit
            .expect_page()
            .withf(move |filter, after, limit| {
                filter.action.as_deref() == Some("user.update")
                    && filter.user_id == Some(user)
                    && after.as_ref() == Some(&expected)
                    && *limit == 50
            })
            .times(1)
            .returning(|_, _, _| Ok(AuditPage::default()));
        audit_log(
            &m.deps(),
            AuditLogInput {
                action: Some(" user.update ".into()),
                user_id: Some(user.to_string()),
                cursor: Some(cursor.encode()),
            },
        )
        .unwrap();
    }

    #[test]
    fn blank_parameters_are_no_filter() {
        let mut m = Mocks::new();
        m.audit
            .expect_page()
            .withf(|filter, after, _| *filter == AuditFilter::default() && after.is_none())
            .times(1)
            .returning(|_, _, _| Ok(AuditPage::default()));
        let blank = Some("  ".to_owned());
        audit_log(
            &m.deps(),
            AuditLogInput {
                action: blank.clone(),
                user_id: blank.clone(),
                cursor: blank,
            },
        )
        .unwrap();
    }

    #[test]
    fn a_tampered_cursor_is_refused_and_an_impossible_person_matches_nothing() {
        let mut m = Mocks::new();
        m.audit.expect_page().never();
        assert!(matches!(
            audit_log(
                &m.deps(),
                AuditLogInput {
                    cursor: Some("bm90LWEtY3Vyc29y".into()),
                    ..AuditLogInput::default()
                }
            ),
            Err(AuditLogError::InvalidCursor(_))
        ));
        let page = audit_log(
            &m.deps(),
            AuditLogInput {
                user_id: Some("not-an-id".into()),
                ..AuditLogInput::default()
            },
        )
        .unwrap();
        assert_eq!(page, AuditPage::default());
    }
}
