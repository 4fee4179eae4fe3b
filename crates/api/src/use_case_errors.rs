//! Every use case's errors as HTTP answers, in one place: the status, the `code` the
//! frontend switches on, and the message. Handlers only `.map_err(ApiError::from)`.
use actix_web::http::StatusCode;
use playspace_app::accounts::{
    self, AccessNeedsError, ChangePasswordError, ConfirmSignUpError, DeleteAccountError,
    ForgotPasswordError, LoginError, PreferencesError, ResetPasswordError, UpdateProfileError,
    VerifyEmailError,
};
use playspace_app::admin::{
    AdminLoginError, AuditLogError, BulkActionError, CreateUserError, ListUsersError,
    SendBulkEmailError, UpdateUserError,
};
use playspace_app::bookings::{
    BookEventError, CalendarError, CancelBookingError, CancelPlanError, CheckoutError,
    ChoosePlanError, PaymentError, UpdateBookingNeedsError,
};
use playspace_app::community::UpdateCommunityError;
use playspace_app::notifications::NotificationError;
use playspace_app::stories::{GetStoryError, ListStoriesError, SubmitStoryError};
use playspace_app::{GetEventError, SubmitContactError};
use playspace_domain::admin_users::{BulkRefusal, EMAIL_TAKEN, ONE_FIELD};

use playspace_domain::bulk_email::BulkEmailRefusal;
use playspace_domain::plans::{CANCEL_FAILED, NO_PAID_PLAN};

use crate::auth::forbidden;
use crate::error::ApiError;

/// The codes these answers carry (others come from the domain's refusals, which name
/// their own).
pub mod code {
    pub const USER_NOT_FOUND: &str = "user_not_found";
    pub const MISSING_FIELDS: &str = "missing_fields";
    pub const BOOKING_NOT_FOUND: &str = "booking_not_found";
    pub const NOTIFICATION_NOT_FOUND: &str = "notification_not_found";
    pub const CANCELLATION_CLOSED: &str = "cancellation_closed";
    /// A booking cancelled or whose session started: its access needs stay as they were.
    pub const BOOKING_CLOSED: &str = "booking_closed";
    pub const EMAIL_TAKEN: &str = "email_taken";
    pub const EVENT_NOT_FOUND: &str = "event_not_found";
    pub const INVALID_ADMIN_PASSWORD: &str = "invalid_admin_password";
    pub const INVALID_CREDENTIALS: &str = "invalid_credentials";
    pub const INVALID_CURSOR: &str = "invalid_cursor";
    pub const INVALID_PLAN: &str = "invalid_plan";
    pub const INVALID_TOKEN: &str = "invalid_token";
    pub const LAST_ADMIN: &str = "last_admin";
    pub const NO_ITEMS_SELECTED: &str = "no_items_selected";
    pub const NO_PAID_PLAN: &str = "no_paid_plan";
    pub const ONE_FIELD: &str = "one_field";
    pub const PAYMENT_NOT_REQUIRED: &str = "payment_not_required";
    pub const PAYMENT_PROVIDER_FAILED: &str = "payment_provider_failed";
    pub const PAYMENT_SETUP_FAILED: &str = "payment_setup_failed";
    pub const STORY_NOT_FOUND: &str = "story_not_found";
    pub const REVIEW_QUEUE_FULL: &str = "review_queue_full";
    pub const TOO_MANY_ITEMS: &str = "too_many_items";
}

/// 404 for a booking id that is unknown or someone else's: the two look the same.
pub fn booking_not_found() -> ApiError {
    ApiError::not_found(code::BOOKING_NOT_FOUND, "Booking not found")
}

/// 404 for an id that is nobody's or an erased account's.
pub fn user_not_found() -> ApiError {
    ApiError::not_found(code::USER_NOT_FOUND, "User not found")
}

/// 400 with the spec's 'Please fill in all fields', or the fields' own messages.
pub fn refused(refusal: BulkEmailRefusal) -> ApiError {
    match refusal {
        BulkEmailRefusal::MissingFields => {
            ApiError::bad_request(code::MISSING_FIELDS, refusal.to_string())
        }
        BulkEmailRefusal::Invalid(fields) => ApiError::validation(fields),
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
                ApiError::bad_request(code::NO_ITEMS_SELECTED, r.to_string())
            }
            BulkActionError::Refused(r @ BulkRefusal::TooMany) => {
                ApiError::bad_request(code::TOO_MANY_ITEMS, r.to_string())
            }
            BulkActionError::Refused(BulkRefusal::UnknownPerson) | BulkActionError::NotFound => {
                user_not_found()
            }
            BulkActionError::RoleChange(r) => {
                ApiError::new(StatusCode::CONFLICT, r.code(), r.to_string())
            }
            BulkActionError::Store(e) => e.into(),
        }
    }
}

impl From<CreateUserError> for ApiError {
    fn from(e: CreateUserError) -> Self {
        match e {
            CreateUserError::Invalid(fields) => ApiError::validation(fields),
            CreateUserError::EmailTaken => {
                ApiError::new(StatusCode::CONFLICT, code::EMAIL_TAKEN, EMAIL_TAKEN)
            }
            CreateUserError::Store(e) => e.into(),
        }
    }
}

impl From<ListUsersError> for ApiError {
    fn from(e: ListUsersError) -> Self {
        match e {
            ListUsersError::InvalidCursor(e) => {
                ApiError::bad_request(code::INVALID_CURSOR, e.to_string())
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
                ApiError::bad_request(code::INVALID_CURSOR, e.to_string())
            }
            AuditLogError::Store(e) => e.into(),
        }
    }
}

impl From<UpdateUserError> for ApiError {
    fn from(e: UpdateUserError) -> Self {
        match e {
            UpdateUserError::NotOneField => ApiError::bad_request(code::ONE_FIELD, ONE_FIELD),
            UpdateUserError::Invalid(fields) => ApiError::validation(fields),
            UpdateUserError::NotFound => user_not_found(),
            UpdateUserError::EmailTaken => {
                ApiError::new(StatusCode::CONFLICT, code::EMAIL_TAKEN, EMAIL_TAKEN)
            }
            UpdateUserError::Refused(r) => {
                ApiError::new(StatusCode::CONFLICT, r.code(), r.to_string())
            }
            UpdateUserError::Store(e) => e.into(),
        }
    }
}

impl From<AdminLoginError> for ApiError {
    fn from(e: AdminLoginError) -> Self {
        match e {
            AdminLoginError::Invalid(fields) => ApiError::validation(fields),
            AdminLoginError::Forbidden => forbidden(),
            AdminLoginError::WrongPassword => ApiError::new(
                StatusCode::UNAUTHORIZED,
                code::INVALID_ADMIN_PASSWORD,
                e.to_string(),
            ),
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
            DeleteAccountError::LastAdmin => {
                ApiError::new(StatusCode::CONFLICT, code::LAST_ADMIN, e.to_string())
            }
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
                ApiError::bad_request(code::INVALID_TOKEN, e.to_string())
            }
            ConfirmSignUpError::AlreadySignedUp => {
                ApiError::new(StatusCode::CONFLICT, code::EMAIL_TAKEN, e.to_string())
            }
            ConfirmSignUpError::Store(e) => e.into(),
        }
    }
}

impl From<VerifyEmailError> for ApiError {
    fn from(e: VerifyEmailError) -> Self {
        match e {
            VerifyEmailError::InvalidToken => {
                ApiError::bad_request(code::INVALID_TOKEN, e.to_string())
            }
            VerifyEmailError::Store(e) => e.into(),
        }
    }
}

impl From<ResetPasswordError> for ApiError {
    fn from(e: ResetPasswordError) -> Self {
        match e {
            ResetPasswordError::Invalid(fields) => ApiError::validation(fields),
            ResetPasswordError::InvalidToken => {
                ApiError::bad_request(code::INVALID_TOKEN, e.to_string())
            }
            ResetPasswordError::Store(e) => e.into(),
        }
    }
}

impl From<LoginError> for ApiError {
    fn from(e: LoginError) -> Self {
        match e {
            LoginError::Invalid(fields) => ApiError::validation(fields),
            LoginError::WrongCredentials => ApiError::new(
                StatusCode::UNAUTHORIZED,
                code::INVALID_CREDENTIALS,
                e.to_string(),
            ),
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
            GetEventError::NotFound => {
                ApiError::not_found(code::EVENT_NOT_FOUND, "Event not found")
            }
            GetEventError::Store(e) => e.into(),
        }
    }
}

impl From<CancelPlanError> for ApiError {
    fn from(e: CancelPlanError) -> Self {
        match e {
            CancelPlanError::NoPaidPlan => {
                ApiError::new(StatusCode::CONFLICT, code::NO_PAID_PLAN, NO_PAID_PLAN)
            }
            CancelPlanError::Gateway(cause) => {
                tracing::warn!(error = %cause, "a subscription could not be cancelled");
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    code::PAYMENT_PROVIDER_FAILED,
                    CANCEL_FAILED,
                )
            }
            CancelPlanError::Store(e) => e.into(),
        }
    }
}

impl From<ChoosePlanError> for ApiError {
    fn from(e: ChoosePlanError) -> Self {
        match e {
            ChoosePlanError::InvalidPlan => {
                ApiError::bad_request(code::INVALID_PLAN, "Invalid plan")
            }
            ChoosePlanError::Gateway(cause) => {
                tracing::warn!(error = %cause, "membership checkout could not start");
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    code::PAYMENT_SETUP_FAILED,
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
            PaymentError::NotFound => {
                ApiError::not_found(code::BOOKING_NOT_FOUND, "Booking not found")
            }
            PaymentError::Gateway(cause) => ApiError::internal(cause),
            PaymentError::Store(e) => e.into(),
        }
    }
}

impl From<CheckoutError> for ApiError {
    fn from(e: CheckoutError) -> Self {
        match e {
            CheckoutError::EventNotFound => {
                ApiError::not_found(code::EVENT_NOT_FOUND, "Event not found")
            }
            CheckoutError::Refused(r) => r.into(),
            CheckoutError::PaymentNotRequired => ApiError::new(
                StatusCode::CONFLICT,
                code::PAYMENT_NOT_REQUIRED,
                e.to_string(),
            ),
            CheckoutError::Invalid(fields) => ApiError::validation(fields),
            CheckoutError::Gateway(cause) => {
                tracing::warn!(error = %cause, "checkout could not start");
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    code::PAYMENT_SETUP_FAILED,
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
            BookEventError::EventNotFound => {
                ApiError::not_found(code::EVENT_NOT_FOUND, "Event not found")
            }
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
                ApiError::not_found(code::NOTIFICATION_NOT_FOUND, e.to_string())
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
                ApiError::new(StatusCode::CONFLICT, code::BOOKING_CLOSED, e.to_string())
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
            CancelBookingError::TooLate => ApiError::new(
                StatusCode::CONFLICT,
                code::CANCELLATION_CLOSED,
                e.to_string(),
            ),
            CancelBookingError::Store(e) => e.into(),
        }
    }
}

impl From<ListStoriesError> for ApiError {
    fn from(e: ListStoriesError) -> Self {
        match e {
            ListStoriesError::InvalidCursor(e) => {
                ApiError::bad_request(code::INVALID_CURSOR, e.to_string())
            }
            ListStoriesError::Store(e) => e.into(),
        }
    }
}

impl From<GetStoryError> for ApiError {
    fn from(e: GetStoryError) -> Self {
        match e {
            GetStoryError::NotFound => {
                ApiError::not_found(code::STORY_NOT_FOUND, "Story not found")
            }
            GetStoryError::Store(e) => e.into(),
        }
    }
}

impl From<SubmitStoryError> for ApiError {
    fn from(e: SubmitStoryError) -> Self {
        match e {
            SubmitStoryError::Invalid(fields) => ApiError::validation(fields),
            SubmitStoryError::QueueFull => {
                ApiError::new(StatusCode::CONFLICT, code::REVIEW_QUEUE_FULL, e.to_string())
            }
            SubmitStoryError::Store(e) => e.into(),
        }
    }
}
