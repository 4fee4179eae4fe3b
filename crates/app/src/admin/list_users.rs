use playspace_domain::admin::PAGE_SIZE;
use playspace_domain::admin_users::ROLE_MESSAGE;
use playspace_domain::page_cursor::{InvalidCursor, PageCursor};
use playspace_domain::{FieldErrors, Role, ValidationError};
use playspace_ports::{RepoError, UserListQuery, UserPage};

use super::AdminDeps;

/// A search longer than this is cut: no name or address is longer.
const SEARCH_MAX_CHARS: usize = 254;

/// The users tab's query string as received.
#[derive(Clone, Debug, Default)]
pub struct ListUsersInput {
    pub q: Option<String>,
    pub role: Option<String>,
    pub cursor: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ListUsersError {
    #[error(transparent)]
    InvalidCursor(#[from] InvalidCursor),
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// One page of live accounts, newest first, matching the search (names or email, any
/// case) and role; blank parameters are no filter.
pub fn list_users(deps: &AdminDeps, input: ListUsersInput) -> Result<UserPage, ListUsersError> {
    let blank_is_none = |v: Option<String>| v.filter(|t| !t.trim().is_empty());
    let role = blank_is_none(input.role)
        .map(|r| r.trim().parse::<Role>())
        .transpose()
        .map_err(|_| {
            let mut e = FieldErrors::new();
            e.add("role", ValidationError::new(ROLE_MESSAGE));
            ListUsersError::Invalid(e)
        })?;
    let after = blank_is_none(input.cursor)
        .map(|c| PageCursor::decode(c.trim()))
        .transpose()?;
    let search = blank_is_none(input.q).map(|q| q.trim().chars().take(SEARCH_MAX_CHARS).collect());
    Ok(deps.admin_users.list_users(&UserListQuery {
        search,
        role,
        after,
        limit: PAGE_SIZE,
    })?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::Mocks;
    use playspace_test_support::test_now;

    fn empty() -> UserPage {
        UserPage {
            items: vec![],
            next: None,
            total: 0,
        }
    }

    #[test]
    fn passes_the_filters_and_the_decoded_cursor_to_the_store() {
        let mut m = Mocks::new();
        let cursor = PageCursor::new(test_now(), "0193a1b2-0000-7000-8000-000000000001");
        let expected = cursor.clone();
        m.admin_users
            .expect_list_users()
            .withf(move |q| {
                q.search.as_deref() == Some("ana s")
                    && q.role == Some(Role::Moderator)
                    && q.after.as_ref() == Some(&expected)
                    && q.limit == 20
            })
            .times(1)
            .returning(|_| Ok(empty()));
        list_users(
            &m.deps(),
            ListUsersInput {
                q: Some("  ana s ".into()),
                role: Some("moderator".into()),
                cursor: Some(cursor.encode()),
            },
        )
        .unwrap();
    }

    #[test]
    fn blank_parameters_are_no_filter() {
        let mut m = Mocks::new();
        m.admin_users
            .expect_list_users()
            .withf(|q| q.search.is_none() && q.role.is_none() && q.after.is_none())
            .returning(|_| Ok(empty()));
        list_users(
            &m.deps(),
            ListUsersInput {
                q: Some(" ".into()),
                role: Some("".into()),
                cursor: Some("".into()),
            },
        )
        .unwrap();
    }

    #[test]
    fn a_bad_cursor_or_role_is_refused_before_the_store() {
        let mut m = Mocks::new();
        m.admin_users.expect_list_users().never();
        let bad_cursor = list_users(
            &m.deps(),
            ListUsersInput {
                cursor: Some("not-a-cursor".into()),
                ..ListUsersInput::default()
            },
        );
        assert!(matches!(bad_cursor, Err(ListUsersError::InvalidCursor(_))));
        let bad_role = list_users(
            &m.deps(),
            ListUsersInput {
                role: Some("owner".into()),
                ..ListUsersInput::default()
            },
        );
        assert!(
            matches!(bad_role, Err(ListUsersError::Invalid(e)) if e.get("role") == Some(ROLE_MESSAGE))
        );
    }
}
