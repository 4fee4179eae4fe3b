use playspace_domain::bulk_email::content;
use playspace_ports::ListMember;

use super::SendBulkEmailError;
use super::bulk_email_message::{Audience, BulkEmailMessage};
use super::{Actor, AdminDeps};

/// A bulk email exactly as a member receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BulkEmailPreview {
    pub subject: String,
    pub html: String,
    pub text: String,
}

/// Renders the email as members will get it; the unsubscribe link in the preview is the
/// admin's own (it works, for them). Refused like a send when the form is incomplete.
pub fn preview_bulk_email(
    deps: &AdminDeps,
    by: &Actor,
    subject: &str,
    message: &str,
) -> Result<BulkEmailPreview, SendBulkEmailError> {
    let content = content(subject, message).map_err(SendBulkEmailError::Refused)?;
    let message = BulkEmailMessage::new(deps.email, deps.links, &content, Audience::Accounts)?;
    let (html, text) = message.bodies(ListMember::Account(by.id));
    Ok(BulkEmailPreview {
        subject: message.subject().to_owned(),
        html,
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::{Mocks, actor};
    use playspace_domain::bulk_email::BulkEmailRefusal;

    #[test]
    fn the_preview_is_the_members_email() {
        let m = Mocks::new().with_plain_links();
        let by = actor();
        let preview = preview_bulk_email(&m.deps(), &by, " Hello ", "Line\n\nNext").unwrap();
        assert_eq!(preview.subject, "Hello");
        assert!(preview.html.contains(">Line</p>"));
        assert!(
            preview
                .text
                .contains(&format!("token=signed:unsubscribe:{}", by.id))
        );
        assert!(matches!(
            preview_bulk_email(&m.deps(), &by, "", "x"),
            Err(SendBulkEmailError::Refused(BulkEmailRefusal::MissingFields))
        ));
    }
}
