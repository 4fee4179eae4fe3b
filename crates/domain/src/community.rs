//! The members' messaging community (a WhatsApp community): what the membership and events
//! pages say about it, and the invite link its QR code carries. Admins edit it.
use validator::Validate;

use crate::text;
use crate::validation::{FieldErrors, ValidationError, too_long};

const MAX_NAME_CHARS: u64 = 80;
const MAX_DESCRIPTION_CHARS: u64 = 500;
const MAX_LINK_CHARS: usize = 300;
/// Benefits and guidelines each: enough for a card, short enough to read on a phone.
pub const MAX_LIST_ITEMS: usize = 10;
const MAX_ITEM_CHARS: usize = 200;

/// The community as the pages show it. No invite link means 'Coming Soon!'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Community {
    pub name: String,
    pub description: Option<String>,
    pub invite_link: Option<String>,
    pub benefits: Vec<String>,
    pub guidelines: Vec<String>,
}

impl Default for Community {
    /// Before an admin has said anything: the community's name and no invite link yet.
    fn default() -> Self {
        Self {
            name: "PlaySpace Community".to_owned(),
            description: None,
            invite_link: None,
            benefits: Vec::new(),
            guidelines: Vec::new(),
        }
    }
}

/// The admin's form, as received.
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct CommunityForm {
    #[validate(
        length(max = MAX_NAME_CHARS),
        custom(function = "text::filled", message = "Community name is required"),
        custom(function = "text::no_controls")
    )]
    pub community_name: String,
    #[validate(
        length(max = MAX_DESCRIPTION_CHARS),
        custom(function = "text::no_controls")
    )]
    pub description: Option<String>,
    pub invite_link: Option<String>,
    pub benefits: Vec<String>,
    pub guidelines: Vec<String>,
}

impl CommunityForm {
    /// Trims every field (blank lines in the lists are dropped) and checks them all at once.
    pub fn validate(mut self) -> Result<Community, FieldErrors> {
        text::trim(&mut self.community_name);
        text::trim_optional(&mut self.description);
        text::trim_optional(&mut self.invite_link);
        let mut errors = FieldErrors::from_rules(&self);
        let invite_link = match self.invite_link {
            Some(link) => errors.check("inviteLink", invite_link(&link)),
            None => None,
        };
        let benefits = errors.check("benefits", list(self.benefits, "benefits"));
        let guidelines = errors.check("guidelines", list(self.guidelines, "guidelines"));
        errors.into_result()?;
        Ok(Community {
            name: self.community_name,
            description: self.description,
            invite_link,
            benefits: benefits.unwrap_or_default(),
            guidelines: guidelines.unwrap_or_default(),
        })
    }
}

/// An `https://` address with a host: it is drawn into a QR code and opened by phones, so
/// nothing else (no `javascript:`, no plain http) is kept.
fn invite_link(link: &str) -> Result<String, ValidationError> {
    let invalid = || ValidationError::new("Enter the invite link as an https:// address");
    let rest = link.strip_prefix("https://").ok_or_else(invalid)?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty()
        || !host.contains('.')
        || link
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "<>\"'`".contains(c))
    {
        return Err(invalid());
    }
    if link.chars().count() > MAX_LINK_CHARS {
        return Err(ValidationError::new(too_long(MAX_LINK_CHARS)));
    }
    Ok(link.to_owned())
}

fn list(items: Vec<String>, what: &str) -> Result<Vec<String>, ValidationError> {
    let items: Vec<String> = items
        .into_iter()
        .map(|item| item.trim().to_owned())
        .filter(|item| !item.is_empty())
        .collect();
    if items.len() > MAX_LIST_ITEMS {
        return Err(ValidationError::new(format!(
            "Keep it to {MAX_LIST_ITEMS} {what} at most"
        )));
    }
    for item in &items {
        text::plain(item)?;
        if item.chars().count() > MAX_ITEM_CHARS {
            return Err(ValidationError::new(format!(
                "Each of the {what} must be at most {MAX_ITEM_CHARS} characters"
            )));
        }
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> CommunityForm {
        CommunityForm {
            community_name: "  PlaySpace Community ".into(),
            description: Some("  ".into()),
            invite_link: Some(" https://chat.whatsapp.com/AbC123 ".into()),
            benefits: vec!["Find a buddy".into(), "   ".into(), " Hear first ".into()],
            guidelines: vec![],
        }
    }

    #[test]
    fn fields_are_trimmed_and_blank_lines_dropped() {
        let community = form().validate().unwrap();
        assert_eq!(community.name, "PlaySpace Community");
        assert_eq!(community.description, None);
        assert_eq!(
            community.invite_link.as_deref(),
            Some("https://chat.whatsapp.com/AbC123")
        );
        assert_eq!(community.benefits, ["Find a buddy", "Hear first"]);
    }

    #[test]
    fn no_invite_link_is_allowed() {
        let community = CommunityForm {
            invite_link: Some(" ".into()),
            ..form()
        };
        assert_eq!(community.validate().unwrap().invite_link, None);
    }

    #[test]
    fn only_https_links_with_a_host_are_kept() {
        for link in [
            "http://chat.whatsapp.com/x",
            "javascript:alert(1)",
            "https://",
            "https://localhost/x",
            "https://chat.whatsapp.com/a b",
            "https://chat.whatsapp.com/\"onmouseover",
        ] {
            let errors = CommunityForm {
                invite_link: Some(link.into()),
                ..form()
            }
            .validate()
            .unwrap_err();
            assert_eq!(
                errors.get("inviteLink"),
                Some("Enter the invite link as an https:// address"),
                "{link}"
            );
        }
        let long = format!("https://chat.whatsapp.com/{}", "a".repeat(300));
        let errors = CommunityForm {
            invite_link: Some(long),
            ..form()
        }
        .validate()
        .unwrap_err();
        assert_eq!(
            errors.get("inviteLink"),
            Some("Must be at most 300 characters")
        );
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let errors = CommunityForm {
            community_name: " ".into(),
            description: Some("d".repeat(501)),
            invite_link: Some("nope".into()),
            benefits: vec!["b".into(); MAX_LIST_ITEMS + 1],
            guidelines: vec!["g".repeat(201)],
        }
        .validate()
        .unwrap_err();
        assert_eq!(
            errors.get("communityName"),
            Some("Community name is required")
        );
        assert_eq!(
            errors.get("description"),
            Some("Must be at most 500 characters")
        );
        assert!(errors.get("inviteLink").is_some());
        assert_eq!(
            errors.get("benefits"),
            Some("Keep it to 10 benefits at most")
        );
        assert_eq!(
            errors.get("guidelines"),
            Some("Each of the guidelines must be at most 200 characters")
        );
    }

    #[test]
    fn control_characters_are_refused_in_the_lists() {
        let errors = CommunityForm {
            guidelines: vec!["Be kind\u{202E}".into()],
            ..form()
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.get("guidelines"), Some(text::CONTROL_MESSAGE));
    }
}
