//! Every use case's errors as HTTP answers, in one place: the `code` the frontend switches on
//! (its status is the code's, `error_code.rs`) and the message. Handlers only
//! `.map_err(ApiError::from)` or `?`.
use playspace_app::accounts::{
    self, AccessNeedsError, ChangePasswordError, ConfirmSignUpError, DeleteAccountError,
    ForgotPasswordError, LoginError, PreferencesError, ResetPasswordError, UpdateProfileError,
    VerifyEmailError,
};
use playspace_app::admin::bookings::AdminBookingError;
use playspace_app::admin::events::AdminEventError;
use playspace_app::admin::registers;
use playspace_app::admin::stories::AdminStoryError;
use playspace_app::admin::venues::VenueError;
use playspace_app::admin::{
    AdminAccessError, AdminLoginError, AuditLogError, BulkActionError, CreateUserError,
    ListUsersError, SendBulkEmailError, UnsubscribeError, UpdateUserError,
};
use playspace_app::bookings::{
    BookEventError, CalendarError, CancelBookingError, CancelPlanError, CheckoutError,
    ChoosePlanError, PaymentError, UpdateBookingNeedsError, WaitlistError,
};
use playspace_app::community::UpdateCommunityError;
use playspace_app::newsletter::NewsletterError;
use playspace_app::notifications::NotificationError;
use playspace_app::stories::{GetStoryError, ListStoriesError, SubmitStoryError};
use playspace_app::{GetEventError, SubmitContactError};
use playspace_domain::admin::RoleChangeRefusal;
use playspace_domain::admin_users::{BulkRefusal, EMAIL_TAKEN, ONE_FIELD};
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::bulk_email::BulkEmailRefusal;
use playspace_domain::plans::{CANCEL_FAILED, NO_PAID_PLAN};
use playspace_domain::waitlist::JoinRefusal;
use playspace_ports::RepoError;

use crate::error::ApiError;
use crate::error_code::ErrorCode;

/// 401 for a request without a valid session.
pub fn unauthenticated() -> ApiError {
    ApiError::new(ErrorCode::Unauthenticated, "Please log in to continue.")
}

/// 403 for someone signed in whose role does not reach this.
pub fn forbidden() -> ApiError {
    ApiError::new(ErrorCode::Forbidden, playspace_domain::admin::NO_PERMISSION)
}

/// 404 for a booking id that is unknown or someone else's: the two look the same.
pub fn booking_not_found() -> ApiError {
    ApiError::new(ErrorCode::BookingNotFound, "Booking not found")
}

/// 404 for an id that is nobody's or an erased account's.
pub fn user_not_found() -> ApiError {
    ApiError::new(ErrorCode::UserNotFound, "User not found")
}

fn event_not_found() -> ApiError {
    ApiError::new(ErrorCode::EventNotFound, "Event not found")
}

/// 400 with the spec's 'Please fill in all fields', or the fields' own messages.
pub fn refused(refusal: BulkEmailRefusal) -> ApiError {
    match refusal {
        BulkEmailRefusal::MissingFields => {
            ApiError::new(ErrorCode::MissingFields, refusal.to_string())
        }
        BulkEmailRefusal::Invalid(fields) => ApiError::validation(fields),
    }
}

impl From<RepoError> for ApiError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => ApiError::new(ErrorCode::NotFound, "Not found"),
            RepoError::Conflict => {
                ApiError::new(ErrorCode::Conflict, "That conflicts with existing data")
            }
            RepoError::Unavailable(cause) => ApiError::unavailable(cause),
        }
    }
}

/// A booking rule said no, with the rule's message: 400 for a request the session never
/// accepts (a companion where none is allowed, a solidarity place on a free session), 409
/// for what the session's state refuses now (full, started, none left).
impl From<BookingRefusal> for ApiError {
    fn from(refusal: BookingRefusal) -> Self {
        let code = match refusal {
            BookingRefusal::EventInactive => ErrorCode::EventInactive,
            BookingRefusal::EventStarted => ErrorCode::EventStarted,
            BookingRefusal::EventFull => ErrorCode::EventFull,
            BookingRefusal::AlreadyBooked => ErrorCode::AlreadyBooked,
            BookingRefusal::MonthlyLimitReached => ErrorCode::MonthlyLimitReached,
            BookingRefusal::CompanionNotAllowed => ErrorCode::CompanionNotAllowed,
            BookingRefusal::NoRoomForCompanion => ErrorCode::NoRoomForCompanion,
            BookingRefusal::SolidarityNotNeeded => ErrorCode::SolidarityNotNeeded,
            BookingRefusal::NoSolidarityPlaces => ErrorCode::NoSolidarityPlaces,
        };
        ApiError::new(code, refusal.to_string())
    }
}

impl From<JoinRefusal> for ApiError {
    fn from(refusal: JoinRefusal) -> Self {
        let code = match refusal {
            JoinRefusal::NotFull => ErrorCode::EventNotFull,
            JoinRefusal::AlreadyWaiting => ErrorCode::AlreadyWaiting,
            JoinRefusal::AlreadyOffered => ErrorCode::AlreadyOffered,
            JoinRefusal::Event(refusal) => return refusal.into(),
        };
        ApiError::new(code, refusal.to_string())
    }
}

impl From<RoleChangeRefusal> for ApiError {
    fn from(refusal: RoleChangeRefusal) -> Self {
        let code = match refusal {
            RoleChangeRefusal::OwnAdminRole => ErrorCode::OwnAdminRole,
            RoleChangeRefusal::OwnAccount => ErrorCode::OwnAccount,
            RoleChangeRefusal::LastAdmin => ErrorCode::LastAdmin,
        };
        ApiError::new(code, refusal.to_string())
    }
}

impl From<AdminAccessError> for ApiError {
    fn from(e: AdminAccessError) -> Self {
        match e {
            AdminAccessError::Forbidden => forbidden(),
            AdminAccessError::SessionRequired => {
                ApiError::new(ErrorCode::AdminSessionRequired, e.to_string())
            }
        }
    }
}

impl From<SendBulkEmailError> for ApiError {
    fn from(e: SendBulkEmailError) -> Self {
        match e {
            SendBulkEmailError::Refused(r) => refused(r),
            SendBulkEmailError::Store(e) => e.into(),
        }
    }
}

impl From<BulkActionError> for ApiError {
    fn from(e: BulkActionError) -> Self {
        match e {
            BulkActionError::Refused(BulkRefusal::Invalid(fields)) => ApiError::validation(fields),
            BulkActionError::Refused(r @ BulkRefusal::NoItemsSelected) => {
                ApiError::new(ErrorCode::NoItemsSelected, r.to_string())
            }
            BulkActionError::Refused(r @ BulkRefusal::TooMany) => {
                ApiError::new(ErrorCode::TooManyItems, r.to_string())
            }
            BulkActionError::Refused(BulkRefusal::UnknownPerson) | BulkActionError::NotFound => {
                user_not_found()
            }
            BulkActionError::RoleChange(r) => r.into(),
            BulkActionError::Store(e) => e.into(),
        }
    }
}

impl From<CreateUserError> for ApiError {
    fn from(e: CreateUserError) -> Self {
        match e {
            CreateUserError::Invalid(fields) => ApiError::validation(fields),
            CreateUserError::EmailTaken => ApiError::new(ErrorCode::EmailTaken, EMAIL_TAKEN),
            CreateUserError::Store(e) => e.into(),
        }
    }
}

impl From<ListUsersError> for ApiError {
    fn from(e: ListUsersError) -> Self {
        match e {
            ListUsersError::InvalidCursor(e) => {
                ApiError::new(ErrorCode::InvalidCursor, e.to_string())
            }
            ListUsersError::Invalid(fields) => ApiError::validation(fields),
            ListUsersError::Store(e) => e.into(),
        }
    }
}

impl From<AuditLogError> for ApiError {
    fn from(e: AuditLogError) -> Self {
        match e {
            AuditLogError::InvalidCursor(e) => {
                ApiError::new(ErrorCode::InvalidCursor, e.to_string())
            }
            AuditLogError::Store(e) => e.into(),
        }
    }
}

impl From<UpdateUserError> for ApiError {
    fn from(e: UpdateUserError) -> Self {
        match e {
            UpdateUserError::NotOneField => ApiError::new(ErrorCode::OneField, ONE_FIELD),
            UpdateUserError::Invalid(fields) => ApiError::validation(fields),
            UpdateUserError::NotFound => user_not_found(),
            UpdateUserError::EmailTaken => ApiError::new(ErrorCode::EmailTaken, EMAIL_TAKEN),
            UpdateUserError::Refused(r) => r.into(),
            UpdateUserError::Store(e) => e.into(),
        }
    }
}

impl From<AdminLoginError> for ApiError {
    fn from(e: AdminLoginError) -> Self {
        match e {
            AdminLoginError::Invalid(fields) => ApiError::validation(fields),
            AdminLoginError::Forbidden => forbidden(),
            AdminLoginError::WrongPassword => {
                ApiError::new(ErrorCode::InvalidAdminPassword, e.to_string())
            }
            AdminLoginError::Store(e) => e.into(),
        }
    }
}

impl From<PreferencesError> for ApiError {
    fn from(e: PreferencesError) -> Self {
        match e {
            PreferencesError::Invalid(fields) => ApiError::validation(fields),
            PreferencesError::Store(e) => e.into(),
        }
    }
}

impl From<DeleteAccountError> for ApiError {
    fn from(e: DeleteAccountError) -> Self {
        match e {
            DeleteAccountError::Invalid(fields) => ApiError::validation(fields),
            DeleteAccountError::LastAdmin => ApiError::new(ErrorCode::LastAdmin, e.to_string()),
            DeleteAccountError::Store(e) => e.into(),
        }
    }
}

impl From<UpdateProfileError> for ApiError {
    fn from(e: UpdateProfileError) -> Self {
        match e {
            UpdateProfileError::Invalid(fields) => ApiError::validation(fields),
            UpdateProfileError::Store(e) => e.into(),
        }
    }
}

impl From<ChangePasswordError> for ApiError {
    fn from(e: ChangePasswordError) -> Self {
        match e {
            ChangePasswordError::Invalid(fields) => ApiError::validation(fields),
            ChangePasswordError::Store(e) => e.into(),
        }
    }
}

impl From<ForgotPasswordError> for ApiError {
    fn from(e: ForgotPasswordError) -> Self {
        match e {
            ForgotPasswordError::Invalid(fields) => ApiError::validation(fields),
            ForgotPasswordError::Store(e) => e.into(),
        }
    }
}

impl From<accounts::RegisterError> for ApiError {
    fn from(e: accounts::RegisterError) -> Self {
        use accounts::RegisterError;
        match e {
            RegisterError::Invalid(fields) => ApiError::validation(fields),
            RegisterError::Store(e) => e.into(),
        }
    }
}

impl From<ConfirmSignUpError> for ApiError {
    fn from(e: ConfirmSignUpError) -> Self {
        match e {
            ConfirmSignUpError::Invalid(fields) => ApiError::validation(fields),
            ConfirmSignUpError::InvalidLink => {
                ApiError::new(ErrorCode::InvalidToken, e.to_string())
            }
            ConfirmSignUpError::AlreadySignedUp => {
                ApiError::new(ErrorCode::EmailTaken, e.to_string())
            }
            ConfirmSignUpError::Store(e) => e.into(),
        }
    }
}

impl From<VerifyEmailError> for ApiError {
    fn from(e: VerifyEmailError) -> Self {
        match e {
            VerifyEmailError::InvalidToken => ApiError::new(ErrorCode::InvalidToken, e.to_string()),
            VerifyEmailError::Store(e) => e.into(),
        }
    }
}

impl From<ResetPasswordError> for ApiError {
    fn from(e: ResetPasswordError) -> Self {
        match e {
            ResetPasswordError::Invalid(fields) => ApiError::validation(fields),
            ResetPasswordError::InvalidToken => {
                ApiError::new(ErrorCode::InvalidToken, e.to_string())
            }
            ResetPasswordError::Store(e) => e.into(),
        }
    }
}

impl From<LoginError> for ApiError {
    fn from(e: LoginError) -> Self {
        match e {
            LoginError::Invalid(fields) => ApiError::validation(fields),
            LoginError::WrongCredentials => {
                ApiError::new(ErrorCode::InvalidCredentials, e.to_string())
            }
            LoginError::Store(e) => e.into(),
        }
    }
}

impl From<SubmitContactError> for ApiError {
    fn from(e: SubmitContactError) -> Self {
        match e {
            SubmitContactError::Invalid(fields) => ApiError::validation(fields),
            SubmitContactError::Store(e) => e.into(),
        }
    }
}

impl From<UpdateCommunityError> for ApiError {
    fn from(e: UpdateCommunityError) -> Self {
        match e {
            UpdateCommunityError::Invalid(fields) => ApiError::validation(fields),
            UpdateCommunityError::Store(e) => e.into(),
        }
    }
}

impl From<GetEventError> for ApiError {
    fn from(e: GetEventError) -> Self {
        match e {
            GetEventError::NotFound => event_not_found(),
            GetEventError::Store(e) => e.into(),
        }
    }
}

impl From<CancelPlanError> for ApiError {
    fn from(e: CancelPlanError) -> Self {
        match e {
            CancelPlanError::NoPaidPlan => ApiError::new(ErrorCode::NoPaidPlan, NO_PAID_PLAN),
            CancelPlanError::Gateway(cause) => {
                tracing::warn!(error = %cause, "a subscription could not be cancelled");
                ApiError::new(ErrorCode::PaymentProviderFailed, CANCEL_FAILED)
            }
            CancelPlanError::Store(e) => e.into(),
        }
    }
}

impl From<ChoosePlanError> for ApiError {
    fn from(e: ChoosePlanError) -> Self {
        match e {
            ChoosePlanError::InvalidPlan => ApiError::new(ErrorCode::InvalidPlan, "Invalid plan"),
            ChoosePlanError::Gateway(cause) => {
                tracing::warn!(error = %cause, "membership checkout could not start");
                ApiError::new(
                    ErrorCode::PaymentSetupFailed,
                    "Failed to create membership. Please try again.",
                )
            }
            ChoosePlanError::Store(e) => e.into(),
        }
    }
}

impl From<PaymentError> for ApiError {
    fn from(e: PaymentError) -> Self {
        match e {
            PaymentError::NotFound => booking_not_found(),
            PaymentError::Gateway(cause) => ApiError::internal(cause),
            PaymentError::Store(e) => e.into(),
        }
    }
}

impl From<CheckoutError> for ApiError {
    fn from(e: CheckoutError) -> Self {
        match e {
            CheckoutError::EventNotFound => event_not_found(),
            CheckoutError::Refused(r) => r.into(),
            CheckoutError::PaymentNotRequired => {
                ApiError::new(ErrorCode::PaymentNotRequired, e.to_string())
            }
            CheckoutError::Invalid(fields) => ApiError::validation(fields),
            CheckoutError::Gateway(cause) => {
                tracing::warn!(error = %cause, "checkout could not start");
                ApiError::new(
                    ErrorCode::PaymentSetupFailed,
                    "Failed to setup payment. Please try again.",
                )
            }
            CheckoutError::Store(e) => e.into(),
        }
    }
}

impl From<BookEventError> for ApiError {
    fn from(e: BookEventError) -> Self {
        match e {
            BookEventError::EventNotFound => event_not_found(),
            BookEventError::Refused(refusal) => refusal.into(),
            BookEventError::Invalid(fields) => ApiError::validation(fields),
            BookEventError::Store(e) => e.into(),
        }
    }
}

impl From<CalendarError> for ApiError {
    fn from(e: CalendarError) -> Self {
        match e {
            CalendarError::NotFound => booking_not_found(),
            CalendarError::Store(e) => e.into(),
        }
    }
}

impl From<NotificationError> for ApiError {
    fn from(e: NotificationError) -> Self {
        match e {
            NotificationError::NotFound => {
                ApiError::new(ErrorCode::NotificationNotFound, e.to_string())
            }
            NotificationError::Store(e) => e.into(),
        }
    }
}

impl From<UpdateBookingNeedsError> for ApiError {
    fn from(e: UpdateBookingNeedsError) -> Self {
        match e {
            UpdateBookingNeedsError::NotFound => booking_not_found(),
            UpdateBookingNeedsError::Closed => {
                ApiError::new(ErrorCode::BookingClosed, e.to_string())
            }
            UpdateBookingNeedsError::Invalid(fields) => ApiError::validation(fields),
            UpdateBookingNeedsError::Store(e) => e.into(),
        }
    }
}

impl From<AccessNeedsError> for ApiError {
    fn from(e: AccessNeedsError) -> Self {
        match e {
            AccessNeedsError::Invalid(fields) => ApiError::validation(fields),
            AccessNeedsError::Store(e) => e.into(),
        }
    }
}

impl From<CancelBookingError> for ApiError {
    fn from(e: CancelBookingError) -> Self {
        match e {
            CancelBookingError::NotFound => booking_not_found(),
            CancelBookingError::TooLate => {
                ApiError::new(ErrorCode::CancellationClosed, e.to_string())
            }
            CancelBookingError::Store(e) => e.into(),
        }
    }
}

impl From<ListStoriesError> for ApiError {
    fn from(e: ListStoriesError) -> Self {
        match e {
            ListStoriesError::InvalidCursor(e) => {
                ApiError::new(ErrorCode::InvalidCursor, e.to_string())
            }
            ListStoriesError::Store(e) => e.into(),
        }
    }
}

impl From<GetStoryError> for ApiError {
    fn from(e: GetStoryError) -> Self {
        match e {
            GetStoryError::NotFound => ApiError::new(ErrorCode::StoryNotFound, "Story not found"),
            GetStoryError::Store(e) => e.into(),
        }
    }
}

impl From<SubmitStoryError> for ApiError {
    fn from(e: SubmitStoryError) -> Self {
        match e {
            SubmitStoryError::Invalid(fields) => ApiError::validation(fields),
            SubmitStoryError::QueueFull => ApiError::new(ErrorCode::ReviewQueueFull, e.to_string()),
            SubmitStoryError::Store(e) => e.into(),
        }
    }
}

impl From<AdminStoryError> for ApiError {
    fn from(e: AdminStoryError) -> Self {
        match e {
            AdminStoryError::Invalid(fields) => ApiError::validation(fields),
            AdminStoryError::NotFound => ApiError::new(ErrorCode::StoryNotFound, e.to_string()),
            AdminStoryError::AlreadyReviewed => {
                ApiError::new(ErrorCode::AlreadyReviewed, e.to_string())
            }
            AdminStoryError::NotToggleable => ApiError::new(ErrorCode::ReviewFirst, e.to_string()),
            AdminStoryError::Store(e) => e.into(),
        }
    }
}

impl From<registers::RegisterError> for ApiError {
    fn from(e: registers::RegisterError) -> Self {
        use registers::RegisterError;
        match e {
            RegisterError::NotFound => ApiError::new(ErrorCode::NotFound, "Not found"),
            RegisterError::Forbidden => forbidden(),
            RegisterError::NotCash => ApiError::new(ErrorCode::NotCash, e.to_string()),
            RegisterError::Store(e) => e.into(),
        }
    }
}

impl From<AdminEventError> for ApiError {
    fn from(e: AdminEventError) -> Self {
        match e {
            AdminEventError::Invalid(fields) => ApiError::validation(fields),
            AdminEventError::NotFound => ApiError::new(ErrorCode::EventNotFound, e.to_string()),
            AdminEventError::Store(e) => e.into(),
        }
    }
}

impl From<AdminBookingError> for ApiError {
    fn from(e: AdminBookingError) -> Self {
        match e {
            AdminBookingError::Invalid(fields) => ApiError::validation(fields),
            AdminBookingError::NotFound => ApiError::new(ErrorCode::BookingNotFound, e.to_string()),
            AdminBookingError::NoPlace => ApiError::new(ErrorCode::NoPlace, e.to_string()),
            AdminBookingError::Store(e) => e.into(),
        }
    }
}

impl From<VenueError> for ApiError {
    fn from(e: VenueError) -> Self {
        match e {
            VenueError::Invalid(fields) => ApiError::validation(fields),
            VenueError::NotFound => ApiError::new(ErrorCode::VenueNotFound, "Venue not found"),
            VenueError::InUse => ApiError::new(
                ErrorCode::VenueInUse,
                "Sessions have been held at this venue, so it can't be deleted. Retire it \
                 instead: its sessions keep it, and it is no longer offered for new ones.",
            ),
            VenueError::Store(e) => e.into(),
        }
    }
}

impl From<UnsubscribeError> for ApiError {
    fn from(e: UnsubscribeError) -> Self {
        match e {
            UnsubscribeError::InvalidToken => ApiError::new(ErrorCode::InvalidToken, e.to_string()),
            UnsubscribeError::Store(e) => e.into(),
        }
    }
}

impl From<NewsletterError> for ApiError {
    fn from(e: NewsletterError) -> Self {
        match e {
            NewsletterError::Invalid(fields) => ApiError::validation(fields),
            NewsletterError::InvalidLink => ApiError::new(ErrorCode::InvalidToken, e.to_string()),
            NewsletterError::Store(e) => e.into(),
        }
    }
}

impl From<WaitlistError> for ApiError {
    fn from(e: WaitlistError) -> Self {
        match e {
            WaitlistError::EventNotFound => event_not_found(),
            WaitlistError::NotOnWaitlist => ApiError::new(ErrorCode::NotOnWaitlist, e.to_string()),
            WaitlistError::NoOffer => ApiError::new(ErrorCode::NoOpenOffer, e.to_string()),
            WaitlistError::Refused(refusal) => refusal.into(),
            WaitlistError::BookingRefused(refusal) => refusal.into(),
            WaitlistError::Invalid(fields) => ApiError::validation(fields),
            WaitlistError::PaymentNotRequired => {
                ApiError::new(ErrorCode::PaymentNotRequired, e.to_string())
            }
            WaitlistError::Gateway(cause) => {
                tracing::warn!(error = %cause, "checkout for a waitlist claim could not start");
                ApiError::new(
                    ErrorCode::PaymentSetupFailed,
                    "Failed to setup payment. Please try again.",
                )
            }
            WaitlistError::Store(e) => e.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError;

    use super::*;

    fn answer(error: impl Into<ApiError>) -> (u16, &'static str) {
        let error = error.into();
        (error.status_code().as_u16(), error.code().as_str())
    }

    #[test]
    fn the_domains_refusals_keep_their_codes() {
        assert_eq!(answer(BookingRefusal::EventFull), (409, "event_full"));
        assert_eq!(
            answer(BookingRefusal::MonthlyLimitReached),
            (409, "monthly_limit_reached")
        );
        assert_eq!(
            answer(BookingRefusal::CompanionNotAllowed),
            (400, "companion_not_allowed")
        );
        assert_eq!(
            answer(BookingRefusal::SolidarityNotNeeded),
            (400, "solidarity_not_needed")
        );
        assert_eq!(answer(JoinRefusal::NotFull), (409, "event_not_full"));
        assert_eq!(
            answer(JoinRefusal::AlreadyWaiting),
            (409, "already_waiting")
        );
        assert_eq!(
            answer(JoinRefusal::AlreadyOffered),
            (409, "already_offered")
        );
        assert_eq!(
            answer(JoinRefusal::Event(BookingRefusal::EventStarted)),
            (409, "event_started")
        );
        assert_eq!(
            answer(RoleChangeRefusal::OwnAdminRole),
            (409, "own_admin_role")
        );
        assert_eq!(answer(RoleChangeRefusal::LastAdmin), (409, "last_admin"));
    }

    #[test]
    fn a_free_session_refuses_a_card_payment_alike_wherever_it_is_asked() {
        assert_eq!(
            answer(CheckoutError::PaymentNotRequired),
            answer(WaitlistError::PaymentNotRequired)
        );
        assert_eq!(
            answer(CheckoutError::PaymentNotRequired),
            (400, "payment_not_required")
        );
    }

    #[test]
    fn store_failures_keep_their_codes_and_hide_their_cause() {
        assert_eq!(answer(RepoError::NotFound), (404, "not_found"));
        assert_eq!(answer(RepoError::Conflict), (409, "conflict"));
        assert_eq!(
            answer(RepoError::Unavailable("db down".into())),
            (503, "unavailable")
        );
    }
}
