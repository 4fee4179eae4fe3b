use chrono::SecondsFormat;
use playspace_ports::AdminUserRecord;
use serde::Serialize;

/// A person as the users tab shows them (AdminUser in docs/admin-api.md).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserDto {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    role: &'static str,
    is_email_verified: bool,
    last_login: Option<String>,
    created_at: String,
}

impl From<AdminUserRecord> for AdminUserDto {
    fn from(u: AdminUserRecord) -> Self {
        Self {
            id: u.id.to_string(),
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            role: u.role.as_str(),
            is_email_verified: u.is_email_verified,
            last_login: u
                .last_login
                .map(|t| t.to_rfc3339_opts(SecondsFormat::Secs, true)),
            created_at: u.created_at.to_rfc3339_opts(SecondsFormat::Secs, true),
        }
    }
}
