//! The organisation's side: who may open which part of the admin area, the rules that keep
//! the site administrable, and the admin lists' limits and messages.
use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::account::Role;
use crate::ids::UserId;
use crate::text_enum;

/// Lists in the admin area show this many rows a page.
pub const PAGE_SIZE: u32 = 20;
/// The audit tab shows the latest this many entries.
pub const AUDIT_LOG_LATEST: u32 = 50;
/// The overview shows this many recent activities.
pub const RECENT_ACTIVITY: u32 = 5;
/// The emails tab lists this many past campaigns.
pub const CAMPAIGNS_SHOWN: u32 = 50;
/// A bulk action names at most this many people.
pub const BULK_ACTION_MAX: usize = 500;

pub const PASSWORD_REQUIRED: &str = "Password Required";
pub const INVALID_ADMIN_PASSWORD: &str = "Invalid admin password. Please try again.";
pub const NO_PERMISSION: &str = "You don't have permission to access the admin dashboard.";
pub const NO_ITEMS_SELECTED: &str = "No items selected";
pub const MISSING_FIELDS: &str = "Please fill in all fields";

/// What a role may open in the admin area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdminArea {
    /// Admins: every tab, every register.
    Everything,
    /// Moderators: the registers of the sessions they lead, nothing else.
    OwnRegisters,
}

/// The part of the admin area open to `role`; members get none.
pub fn admin_area(role: Role) -> Option<AdminArea> {
    match role {
        Role::Admin => Some(AdminArea::Everything),
        Role::Moderator => Some(AdminArea::OwnRegisters),
        Role::User => None,
    }
}

/// Who may lead a session (and so see its register).
pub fn may_lead(role: Role) -> bool {
    admin_area(role).is_some()
}

/// Whether a person in `area` may see the register of a session led by `leader`.
pub fn may_see_register(me: UserId, area: AdminArea, leader: Option<UserId>) -> bool {
    match area {
        AdminArea::Everything => true,
        AdminArea::OwnRegisters => leader == Some(me),
    }
}

/// Why a change to people's roles or accounts is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoleChangeRefusal {
    #[error("You can't remove your own admin role.")]
    OwnAdminRole,
    #[error("You can't delete your own account from the admin area.")]
    OwnAccount,
    #[error("The site must keep at least one admin.")]
    LastAdmin,
}

/// An admin may not demote themselves; the store separately refuses any change that would
/// leave no admin (it must count inside the transaction).
pub fn check_role_change(
    actor: UserId,
    target: UserId,
    new_role: Role,
) -> Result<(), RoleChangeRefusal> {
    if actor == target && new_role != Role::Admin {
        return Err(RoleChangeRefusal::OwnAdminRole);
    }
    Ok(())
}

/// An admin may not erase their own account from the admin area (the profile page does it,
/// with their password).
pub fn check_deletion(actor: UserId, target: UserId) -> Result<(), RoleChangeRefusal> {
    if actor == target {
        return Err(RoleChangeRefusal::OwnAccount);
    }
    Ok(())
}

text_enum!(
    /// Who a bulk email goes to: the spec's four groups of accounts, or the blog newsletter's
    /// confirmed subscribers (addresses, not necessarily accounts).
    RecipientGroup {
        All => "all", NewJoiners => "new_joiners", Verified => "verified", Unverified => "unverified",
        Newsletter => "newsletter",
    }
);

/// "New joiners" joined in the last this many days.
pub const NEW_JOINER_DAYS: i64 = 30;

impl RecipientGroup {
    /// New joiners are those who signed up after this instant.
    pub fn joined_after(self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        (self == Self::NewJoiners).then(|| now - Duration::days(NEW_JOINER_DAYS))
    }

    /// `Some(verified)` when the group is about verification.
    pub fn verified(self) -> Option<bool> {
        match self {
            Self::Verified => Some(true),
            Self::Unverified => Some(false),
            Self::All | Self::NewJoiners | Self::Newsletter => None,
        }
    }

    /// Whether the group is the newsletter list rather than accounts that agreed to marketing.
    pub fn is_newsletter(self) -> bool {
        self == Self::Newsletter
    }
}

text_enum!(
    /// Whether a booked person came, as the session's leader marked it.
    Attendance { Attended => "attended", NoShow => "no_show" }
);

text_enum!(
    /// What can be exported as CSV.
    ExportKind { Users => "users", Events => "events", Bookings => "bookings" }
);

impl ExportKind {
    /// `{type}-export-{YYYY-MM-DD}.csv`, dated by the London day.
    pub fn file_name(self, today: NaiveDate) -> String {
        format!("{}-export-{}.csv", self.as_str(), today.format("%Y-%m-%d"))
    }
}

/// A spreadsheet would run a cell starting with one of these as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A CSV cell that a spreadsheet shows as text: a leading formula character is escaped
/// with a single quote (OWASP's advice for CSV injection).
pub fn csv_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(FORMULA_STARTS) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::now;

    #[test]
    fn admins_see_everything_moderators_their_registers_members_nothing() {
        assert_eq!(admin_area(Role::Admin), Some(AdminArea::Everything));
        assert_eq!(admin_area(Role::Moderator), Some(AdminArea::OwnRegisters));
        assert_eq!(admin_area(Role::User), None);
        assert!(may_lead(Role::Moderator) && may_lead(Role::Admin) && !may_lead(Role::User));
    }

    #[test]
    fn a_moderator_sees_only_the_registers_they_lead() {
        let (me, other) = (UserId::new(), UserId::new());
        assert!(may_see_register(me, AdminArea::OwnRegisters, Some(me)));
        assert!(!may_see_register(me, AdminArea::OwnRegisters, Some(other)));
        assert!(!may_see_register(me, AdminArea::OwnRegisters, None));
        assert!(may_see_register(me, AdminArea::Everything, None));
    }

    #[test]
    fn an_admin_cannot_demote_or_delete_themselves() {
        let (me, other) = (UserId::new(), UserId::new());
        assert_eq!(
            check_role_change(me, me, Role::User),
            Err(RoleChangeRefusal::OwnAdminRole)
        );
        assert_eq!(
            check_role_change(me, me, Role::Moderator),
            Err(RoleChangeRefusal::OwnAdminRole)
        );
        assert_eq!(check_role_change(me, me, Role::Admin), Ok(()));
        assert_eq!(check_role_change(me, other, Role::User), Ok(()));
        assert_eq!(check_deletion(me, me), Err(RoleChangeRefusal::OwnAccount));
        assert_eq!(check_deletion(me, other), Ok(()));
    }

    #[test]
    fn recipient_groups() {
        assert_eq!(
            RecipientGroup::NewJoiners.joined_after(now()),
            Some(now() - Duration::days(30))
        );
        assert_eq!(RecipientGroup::All.joined_after(now()), None);
        assert_eq!(RecipientGroup::Verified.verified(), Some(true));
        assert_eq!(RecipientGroup::Unverified.verified(), Some(false));
        assert_eq!(RecipientGroup::NewJoiners.verified(), None);
        assert_eq!(
            "new_joiners".parse::<RecipientGroup>(),
            Ok(RecipientGroup::NewJoiners)
        );
        assert!("everyone".parse::<RecipientGroup>().is_err());
    }

    #[test]
    fn the_newsletter_group_is_its_own_list() {
        assert_eq!(
            "newsletter".parse::<RecipientGroup>(),
            Ok(RecipientGroup::Newsletter)
        );
        assert_eq!(RecipientGroup::Newsletter.as_str(), "newsletter");
        assert!(RecipientGroup::Newsletter.is_newsletter());
        assert!(!RecipientGroup::All.is_newsletter());
        assert_eq!(RecipientGroup::Newsletter.joined_after(now()), None);
        assert_eq!(RecipientGroup::Newsletter.verified(), None);
        assert!("Newsletter".parse::<RecipientGroup>().is_err());
    }

    #[test]
    fn export_files_are_named_by_type_and_london_day() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap_or_default();
        assert_eq!(
            ExportKind::Bookings.file_name(day),
            "bookings-export-2026-11-24.csv"
        );
        assert_eq!("users".parse::<ExportKind>(), Ok(ExportKind::Users));
        assert!("passwords".parse::<ExportKind>().is_err());
    }

    #[test]
    fn cells_that_a_spreadsheet_would_run_are_escaped() {
        for evil in ["=1+1", "+44 7700", "-2", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(csv_safe(evil), format!("'{evil}"));
        }
        assert_eq!(csv_safe("Ana"), "Ana");
        assert_eq!(csv_safe(""), "");
        assert_eq!(csv_safe("a=b"), "a=b");
    }
}
