use playspace_domain::admin_users::NewUserForm;
use playspace_domain::audit::actions;
use playspace_domain::{FieldErrors, OneTimeToken, Profile, TokenPurpose, User, UserId};
use playspace_ports::{AdminUserError, AdminUserRecord, NewUserRecord, RepoError, TokenRecord};

use super::{Actor, AdminDeps};
use crate::accounts::emails;

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    /// Admins may learn that an address has an account (members may not).
    #[error("email taken")]
    EmailTaken,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Creates an account for someone (unverified, no marketing consent): the account, its
/// verification token and email, and the audit entry in one transaction.
#[tracing::instrument(skip_all)]
pub fn create_user(
    deps: &AdminDeps,
    by: &Actor,
    form: NewUserForm,
) -> Result<AdminUserRecord, CreateUserError> {
    let new = form.validate().map_err(CreateUserError::Invalid)?;
    let now = deps.clock.now();
    let password_hash = deps.hasher.hash(&new.password)?;
    let user = User {
        id: UserId::new(),
        email: new.email,
        role: new.role,
        profile: Profile {
            first_name: new.first_name,
            last_name: new.last_name,
            phone: new.phone,
            ..Profile::default()
        },
        is_email_verified: false,
        profile_image_url: None,
        last_login: None,
        created_at: now,
    };
    let verify = OneTimeToken::generate(&mut rand::rng());
    let mail = emails::verify(deps.email, &user, verify.plain())?;
    let token = TokenRecord {
        user_id: user.id,
        purpose: TokenPurpose::VerifyEmail,
        expires_at: now + TokenPurpose::VerifyEmail.lifetime(),
        token: verify,
    };
    let audit = by
        .entry(actions::USER_CREATE, "user", Some(user.id.to_string()), now)
        .detail("role", user.role.as_str());
    let record = NewUserRecord {
        user,
        password_hash,
        registration_ip: None,
        access_note: None,
    };
    deps.admin_users
        .create_user(&record, &token, &[mail], &audit)
        .map_err(|e| match e {
            AdminUserError::EmailTaken => CreateUserError::EmailTaken,
            AdminUserError::NotFound => CreateUserError::Store(RepoError::NotFound),
            AdminUserError::Refused(_) => CreateUserError::Store(RepoError::Conflict),
            AdminUserError::Store(e) => CreateUserError::Store(e),
        })?;
    let user = record.user;
    Ok(AdminUserRecord {
        id: user.id,
        first_name: user.profile.first_name,
        last_name: user.profile.last_name,
        email: user.email.as_str().to_owned(),
        role: user.role,
        is_email_verified: false,
        last_login: None,
        created_at: now,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::{Mocks, actor};
    use playspace_domain::Role;

    fn form() -> NewUserForm {
        NewUserForm {
            first_name: "Sam".into(),
            last_name: "Okafor".into(),
            email: "sam@example.org".into(),
            password: "river-stone-9".into(),
            phone: Some("07700 900123".into()),
            role: "moderator".into(),
        }
    }

    fn mocks() -> Mocks {
        let mut m = Mocks::new();
        m.hasher
            .expect_hash()
            .returning(|_| Ok("$argon2id$h".into()));
        m
    }

    #[test]
    fn stores_the_account_its_verification_email_and_the_audit_entry_together() {
        let mut m = mocks();
        let by = actor();
        let by_id = by.id;
        m.admin_users
            .expect_create_user()
            .withf(move |record, token, emails, audit| {
                let u = &record.user;
                u.role == Role::Moderator
                    && !u.is_email_verified
                    && !u.profile.marketing_consent
                    && u.profile.phone.as_deref() == Some("07700 900123")
                    && record.password_hash == "$argon2id$h"
                    && token.purpose == TokenPurpose::VerifyEmail
                    && token.user_id == u.id
                    && emails.len() == 1
                    && emails[0].email_type == "verify_email"
                    && emails[0].to_email == "sam@example.org"
                    && emails[0].text_body.contains(token.token.plain())
                    && audit.action == "user.create"
                    && audit.actor == Some(by_id)
                    && audit.resource_id == Some(u.id.to_string())
                    && audit.details == [("role", "moderator".to_owned())]
                    && audit.ip_address.as_deref() == Some("10.0.0.9")
            })
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let created = create_user(&m.deps(), &by, form()).unwrap();
        assert_eq!(created.email, "sam@example.org");
        assert_eq!(created.role, Role::Moderator);
    }

    #[test]
    fn invalid_forms_are_neither_hashed_nor_stored() {
        let mut m = Mocks::new();
        m.hasher.expect_hash().never();
        m.admin_users.expect_create_user().never();
        let err = create_user(
            &m.deps(),
            &actor(),
            NewUserForm {
                password: "abc".into(),
                ..form()
            },
        )
        .unwrap_err();
        assert!(matches!(
            err,
            CreateUserError::Invalid(f) if f.get("password") == Some("Password must be at least 6 characters")
        ));
    }

    #[test]
    fn a_taken_email_is_said_so() {
        let mut m = mocks();
        m.admin_users
            .expect_create_user()
            .returning(|_, _, _, _| Err(AdminUserError::EmailTaken));
        assert!(matches!(
            create_user(&m.deps(), &actor(), form()),
            Err(CreateUserError::EmailTaken)
        ));
    }
}
