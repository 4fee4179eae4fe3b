//! `/api/user/*`: the signed-in person's own preferences, profile and data rights.
pub mod change_password;
pub mod delete_account;
pub mod export;
pub mod get_access_needs;
pub mod get_preferences;
pub mod get_profile;
pub mod set_language;
pub mod update_access_needs;
pub mod update_preferences;
pub mod update_profile;
