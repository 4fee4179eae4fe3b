//! Every email's HTML and plain-text bodies come from askama templates under
//! `crates/app/templates/email/` (ADR 0016): checked when the crate compiles, HTML escaped
//! automatically (`.html` files), plain text verbatim (`.txt` files).
//!
//! Each email has one data struct beside its builder and two templates, which extend the
//! shared `layout.html` and `layout.txt`; `email_templates!` ties the three together.
use playspace_ports::RepoError;

/// A template failed to render (only a `Display` or filter error can cause it).
#[derive(Debug, thiserror::Error)]
#[error("email template failed to render: {0}")]
pub struct EmailRenderError(#[from] askama::Error);

/// A render failure reaches the builders' callers as the unexpected-failure error they
/// already answer ("Something went wrong", logged with this text), and rolls back the
/// change the email belonged to, as a failed write would.
impl From<EmailRenderError> for RepoError {
    fn from(error: EmailRenderError) -> Self {
        RepoError::Unavailable(error.to_string())
    }
}

/// The two bodies of one email.
#[derive(Debug)]
pub(crate) struct Bodies {
    pub html: String,
    pub text: String,
}

/// One email's data, rendered by its HTML and its plain-text template.
pub(crate) trait EmailBodies {
    fn bodies(&self) -> Result<Bodies, EmailRenderError>;
}

/// Renders one template; the only place templates are rendered.
pub(crate) fn render(template: &impl askama::Template) -> Result<String, EmailRenderError> {
    Ok(template.render()?)
}

/// `email_templates!(Data, "email/x.html", "email/x.txt")`: both templates see the data
/// as `email`.
macro_rules! email_templates {
    ($data:ident, $html:tt, $text:tt) => {
        const _: () = {
            #[derive(askama::Template)]
            #[template(path = $html)]
            struct Html<'a> {
                email: &'a $data,
            }

            #[derive(askama::Template)]
            #[template(path = $text)]
            struct Text<'a> {
                email: &'a $data,
            }

            impl $crate::emails::EmailBodies for $data {
                fn bodies(
                    &self,
                ) -> Result<$crate::emails::Bodies, $crate::emails::EmailRenderError> {
                    Ok($crate::emails::Bodies {
                        html: $crate::emails::render(&Html { email: self })?,
                        text: $crate::emails::render(&Text { email: self })?,
                    })
                }
            }
        };
    };
}
pub(crate) use email_templates;

#[cfg(test)]
mod tests;
