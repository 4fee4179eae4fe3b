//! The users tab's rules: an account an admin creates, the one field an inline edit changes,
//! and what a bulk action may name. Messages are the sign-up form's where the spec gives
//! them.
use crate::account::{EMAIL_MESSAGE, Role, optional_phone};
use crate::admin::BULK_ACTION_MAX;
use crate::email::Email;
use crate::ids::UserId;
use crate::password::Password;
use crate::text;
use crate::validation::{FieldErrors, ValidationError};

pub const FIRST_NAME_REQUIRED: &str = "First name is required";
pub const LAST_NAME_REQUIRED: &str = "Last name is required";
pub const ROLE_MESSAGE: &str = "Please select a role: user, moderator or admin";
pub const ONE_FIELD: &str = "Change one field at a time: firstName, lastName, email or role.";
pub const EMAIL_TAKEN: &str = "An account with this email address already exists.";
pub const ACTION_MESSAGE: &str = "Please choose delete or updateRole";
pub const TOO_MANY_SELECTED: &str = "Select at most 500 people at a time.";
const NAME_CHARS: usize = 100;

/// The create-user form as received.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewUserForm {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    pub phone: Option<String>,
    pub role: String,
}

/// An account an admin may create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewUser {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub password: Password,
    pub phone: Option<String>,
    pub role: Role,
}

fn role(input: &str) -> Result<Role, ValidationError> {
    input
        .trim()
        .parse()
        .map_err(|_| ValidationError::new(ROLE_MESSAGE))
}

fn first_name(input: &str) -> Result<String, ValidationError> {
    text::required(input, NAME_CHARS, FIRST_NAME_REQUIRED)
}

fn last_name(input: &str) -> Result<String, ValidationError> {
    text::required(input, NAME_CHARS, LAST_NAME_REQUIRED)
}

fn email(input: &str) -> Result<Email, ValidationError> {
    Email::parse_with_message(input, EMAIL_MESSAGE)
}

impl NewUserForm {
    /// Checks every field, reporting all problems at once.
    pub fn validate(self) -> Result<NewUser, FieldErrors> {
        let mut e = FieldErrors::new();
        let first_name = e.check("firstName", first_name(&self.first_name));
        let last_name = e.check("lastName", last_name(&self.last_name));
        let email = e.check("email", email(&self.email));
        let password = e.check("password", Password::new(&self.password));
        let phone = e.check("phone", optional_phone(self.phone.as_deref()));
        let role = e.check("role", role(&self.role));
        match (first_name, last_name, email, password, phone, role) {
            (
                Some(first_name),
                Some(last_name),
                Some(email),
                Some(password),
                Some(phone),
                Some(role),
            ) => Ok(NewUser {
                first_name,
                last_name,
                email,
                password,
                phone,
                role,
            }),
            _ => Err(e),
        }
    }
}

/// An inline edit as received: the fields present in the request (unknown ones dropped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserEditForm {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub role: Option<String>,
}

/// The one change an inline edit makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserEdit {
    FirstName(String),
    LastName(String),
    Email(Email),
    Role(Role),
}

impl UserEdit {
    /// The client's name of the field changed (the audit trail records only this).
    pub fn field(&self) -> &'static str {
        match self {
            Self::FirstName(_) => "firstName",
            Self::LastName(_) => "lastName",
            Self::Email(_) => "email",
            Self::Role(_) => "role",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditRefusal {
    /// None, or more than one, of the editable fields.
    #[error("{}", ONE_FIELD)]
    NotOneField,
    #[error("{0}")]
    Invalid(FieldErrors),
}

impl UserEditForm {
    pub fn validate(self) -> Result<UserEdit, EditRefusal> {
        let present = [
            self.first_name.is_some(),
            self.last_name.is_some(),
            self.email.is_some(),
            self.role.is_some(),
        ];
        if present.iter().filter(|p| **p).count() != 1 {
            return Err(EditRefusal::NotOneField);
        }
        let invalid = |field: &str, error: ValidationError| {
            let mut e = FieldErrors::new();
            e.add(field, error);
            EditRefusal::Invalid(e)
        };
        if let Some(v) = self.first_name {
            first_name(&v)
                .map(UserEdit::FirstName)
                .map_err(|e| invalid("firstName", e))
        } else if let Some(v) = self.last_name {
            last_name(&v)
                .map(UserEdit::LastName)
                .map_err(|e| invalid("lastName", e))
        } else if let Some(v) = self.email {
            email(&v)
                .map(UserEdit::Email)
                .map_err(|e| invalid("email", e))
        } else {
            role(self.role.as_deref().unwrap_or_default())
                .map(UserEdit::Role)
                .map_err(|e| invalid("role", e))
        }
    }
}

/// What a bulk action does to every person it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BulkAction {
    /// Erases each person's data, as they could themselves.
    Delete,
    UpdateRole(Role),
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BulkRefusal {
    #[error("{}", crate::admin::NO_ITEMS_SELECTED)]
    NoItemsSelected,
    #[error("{}", TOO_MANY_SELECTED)]
    TooMany,
    /// An id that cannot be anyone's.
    #[error("not found")]
    UnknownPerson,
    #[error("{0}")]
    Invalid(FieldErrors),
}

/// Checks a bulk action's request: an action, a role for `updateRole`, 1 to
/// [`BULK_ACTION_MAX`] people (repeats counted once).
pub fn bulk_action(
    action: &str,
    user_ids: &[String],
    new_role: Option<&str>,
) -> Result<(BulkAction, Vec<UserId>), BulkRefusal> {
    if user_ids.is_empty() {
        return Err(BulkRefusal::NoItemsSelected);
    }
    let action = match action {
        "delete" => BulkAction::Delete,
        "updateRole" => {
            BulkAction::UpdateRole(role(new_role.unwrap_or_default()).map_err(|error| {
                let mut e = FieldErrors::new();
                e.add("role", error);
                BulkRefusal::Invalid(e)
            })?)
        }
        _ => {
            let mut e = FieldErrors::new();
            e.add("action", ValidationError::new(ACTION_MESSAGE));
            return Err(BulkRefusal::Invalid(e));
        }
    };
    let mut ids: Vec<UserId> = Vec::with_capacity(user_ids.len());
    for text in user_ids {
        let id: UserId = text
            .trim()
            .parse()
            .map_err(|_| BulkRefusal::UnknownPerson)?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if ids.len() > BULK_ACTION_MAX {
        return Err(BulkRefusal::TooMany);
    }
    Ok((action, ids))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> NewUserForm {
        NewUserForm {
            first_name: " Sam ".into(),
            last_name: "Okafor".into(),
            email: "Sam@Example.ORG".into(),
            password: "river-stone-9".into(),
            phone: Some(" ".into()),
            role: "moderator".into(),
        }
    }

    #[test]
    fn a_complete_form_becomes_an_account() {
        let user = form().validate().unwrap();
        assert_eq!(user.first_name, "Sam");
        assert_eq!(user.email.as_str(), "sam@example.org");
        assert_eq!(user.phone, None);
        assert_eq!(user.role, Role::Moderator);
    }

    #[test]
    fn every_field_has_the_sign_up_message() {
        let errors = NewUserForm {
            phone: Some("123".into()),
            role: "owner".into(),
            ..Default::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.get("firstName"), Some("First name is required"));
        assert_eq!(errors.get("lastName"), Some("Last name is required"));
        assert_eq!(
            errors.get("email"),
            Some("Please enter a valid email address")
        );
        assert_eq!(
            errors.get("password"),
            Some("Password must be at least 6 characters")
        );
        assert_eq!(
            errors.get("phone"),
            Some("Please enter a valid phone number")
        );
        assert_eq!(errors.get("role"), Some(ROLE_MESSAGE));
    }

    #[test]
    fn an_edit_changes_exactly_one_field() {
        let edit = |f: UserEditForm| f.validate();
        assert_eq!(edit(UserEditForm::default()), Err(EditRefusal::NotOneField));
        assert_eq!(
            edit(UserEditForm {
                first_name: Some("A".into()),
                role: Some("admin".into()),
                ..Default::default()
            }),
            Err(EditRefusal::NotOneField)
        );
        let ok = edit(UserEditForm {
            last_name: Some(" Okafor ".into()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(ok, UserEdit::LastName("Okafor".into()));
        assert_eq!(ok.field(), "lastName");
        assert_eq!(
            edit(UserEditForm {
                role: Some("admin".into()),
                ..Default::default()
            }),
            Ok(UserEdit::Role(Role::Admin))
        );
    }

    #[test]
    fn an_edit_with_a_bad_value_names_the_field() {
        let refused = |f: UserEditForm, field: &str| match f.validate() {
            Err(EditRefusal::Invalid(e)) => e.get(field).map(str::to_owned),
            other => panic!("{other:?}"),
        };
        let first = UserEditForm {
            first_name: Some("  ".into()),
            ..Default::default()
        };
        assert_eq!(
            refused(first, "firstName").as_deref(),
            Some("First name is required")
        );
        let email = UserEditForm {
            email: Some("nope".into()),
            ..Default::default()
        };
        assert_eq!(
            refused(email, "email").as_deref(),
            Some("Please enter a valid email address")
        );
        let role = UserEditForm {
            role: Some("superuser".into()),
            ..Default::default()
        };
        assert_eq!(refused(role, "role").as_deref(), Some(ROLE_MESSAGE));
    }

    #[test]
    fn a_bulk_action_names_one_to_five_hundred_people() {
        let id = UserId::new().to_string();
        assert!(TOO_MANY_SELECTED.contains(&BULK_ACTION_MAX.to_string()));
        assert_eq!(
            bulk_action("delete", &[], None),
            Err(BulkRefusal::NoItemsSelected)
        );
        assert_eq!(
            BulkRefusal::NoItemsSelected.to_string(),
            "No items selected"
        );
        let many: Vec<String> = (0..=BULK_ACTION_MAX)
            .map(|_| UserId::new().to_string())
            .collect();
        assert_eq!(
            bulk_action("delete", &many, None),
            Err(BulkRefusal::TooMany)
        );
        assert_eq!(
            bulk_action("delete", &["nobody".into()], None),
            Err(BulkRefusal::UnknownPerson)
        );
        let (action, ids) = bulk_action("delete", &[id.clone(), id.clone()], None).unwrap();
        assert_eq!((action, ids.len()), (BulkAction::Delete, 1));
        assert_eq!(
            bulk_action("updateRole", std::slice::from_ref(&id), Some("moderator")),
            Ok((
                BulkAction::UpdateRole(Role::Moderator),
                vec![id.parse().unwrap()]
            ))
        );
        assert!(matches!(
            bulk_action("updateRole", std::slice::from_ref(&id), None),
            Err(BulkRefusal::Invalid(e)) if e.get("role") == Some(ROLE_MESSAGE)
        ));
        assert!(matches!(
            bulk_action("promote", &[id], None),
            Err(BulkRefusal::Invalid(e)) if e.get("action") == Some(ACTION_MESSAGE)
        ));
    }
}
