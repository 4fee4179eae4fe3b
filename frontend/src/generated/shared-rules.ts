// Generated from crates/domain and crates/api/src/error_code.rs by crates/api/src/shared_rules.rs: do not edit.
// After changing a rule there: UPDATE_SHARED_RULES=1 cargo test -p playspace_api --test http shared_lists

// Accounts (crates/domain/src/account.rs, password.rs)
export const ROLES = ["user", "moderator", "admin"] as const;
export const GENDERS = ["male", "female", "non-binary", "prefer-not-to-say", "other"] as const;
export const FITNESS_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export const HOW_DID_YOU_HEAR = ["search", "social-media", "friend", "advertisement", "website", "other"] as const;
export const PASSWORD_MIN_CHARS = 6;
export const PASSWORD_MAX_CHARS = 128;
export const PHONE_MIN_CHARS = 10;
export const PHONE_MAX_CHARS = 20;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_SEPARATORS = " +-().";
export const MIN_AGE_YEARS = 1;
export const MAX_AGE_YEARS = 120;
export const NAME_CHARS = 100;
export const PRONOUNS_CHARS = 40;
export const ADDRESS_CHARS = 200;
export const POSTCODE_CHARS = 12;
export const LONG_TEXT_CHARS = 2000;
export const SIGNUP_LINK_HOURS = 24;
export const SIGNUP_EMAILS_A_DAY = 3;

// Sports and preferences (crates/domain/src/category.rs, preferences.rs)
export const SPORTS = ["Football", "Basketball", "Tennis", "Swimming", "Cricket", "Rugby", "Badminton", "Volleyball", "Table Tennis", "Squash", "Hiking", "Theatre", "Boxing", "Yoga", "Cycling", "Running"] as const;
export const SKILL_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export const DAYS = ["Weekdays", "Weekends", "Flexible"] as const;
export const TIMES = ["Morning", "Afternoon", "Evening", "Late Night"] as const;
export const NOTIFICATION_METHODS = ["email", "browser", "sms"] as const;
export const REMINDER_TIMINGS = ["1 hour", "4 hours", "24 hours", "1 week"] as const;
export const DIGEST_FREQUENCIES = ["daily", "weekly", "bi-weekly"] as const;
export const CALENDAR_FORMATS = ["ics", "google", "outlook"] as const;
export const VISIBILITIES = ["public", "members", "private"] as const;
export const MAX_DISTANCE_MILES = 50;
export const MAX_REMINDER_OFFSET_MINUTES = 10080;
export const MAX_PREFERRED_LOCATIONS = 20;
export const LOCATION_CHARS = 100;

// Sessions and bookings (crates/domain/src/event_form.rs, series.rs, booking.rs, free_places.rs, waitlist.rs)
export const EVENT_CATEGORIES = ["fitness", "sports", "wellness"] as const;
export const MAX_SERIES_SESSIONS = 104;
export const BOOKING_STATUSES = ["confirmed", "pending", "cancelled"] as const;
export const PAYMENT_STATUSES = ["paid", "pending", "failed", "refunded"] as const;
export const PAYMENT_METHODS = ["cash", "card", "solidarity"] as const;
export const ATTENDANCE = ["attended", "no_show"] as const;
export const COMPANION_NAME_CHARS = 50;
export const WAITLIST_STATUSES = ["waiting", "offered", "claimed", "expired", "left"] as const;
export const WAITLIST_HOLD_HOURS = 12;

// Venues and access needs (crates/domain/src/venue.rs, access_needs.rs)
export const ACCESS_KEYS = ["stepFree", "accessibleToilet", "changingPlaces", "genderNeutralChanging", "privateChangingCubicles", "quietSpace", "hearingLoop", "accessibleParking", "lift", "assistanceDogs"] as const;
export const ACCESS_CHECK_STALE_DAYS = 365;
export const FACT_VALUES = ["yes", "no", "unknown"] as const;
export const ACCESS_NEEDS = ["step-free", "bsl-interpreter", "quiet-space", "companion", "sensory-friendly", "large-print", "other"] as const;
export const ACCESS_NOTE_CHARS = 2000;

// Stories, messages and email (crates/domain/src/story.rs, contact.rs, notification.rs, admin.rs, bulk_email.rs, newsletter.rs)
export const STORY_CATEGORIES = ["Member Story", "Wellness", "Events", "Community"] as const;
export const TEAM_CATEGORIES = ["Member Story", "Wellness", "Events", "Community", "News", "Sports", "Fitness"] as const;
export const STORY_TITLE_CHARS = 150;
export const STORY_EXCERPT_CHARS = 300;
export const STORY_CONTENT_CHARS = 20000;
export const STORY_AUTHOR_CHARS = 80;
export const REVIEW_STATUSES = ["pending", "approved", "declined"] as const;
export const CONTACT_SUBJECTS = ["general", "membership", "events", "accessibility", "partnership", "feedback"] as const;
export const NOTIFICATION_TYPES = ["booking", "reminder", "welcome", "system", "info"] as const;
export const RECIPIENT_GROUPS = ["all", "new_joiners", "verified", "unverified", "newsletter"] as const;
export const BULK_SUBJECT_CHARS = 200;
export const BULK_MESSAGE_CHARS = 20000;
export const NEWSLETTER_PENDING_KEPT_DAYS = 30;

// Error codes, the `code` of every error body (crates/api/src/error_code.rs)
export const ERROR_CODES = ["validation_failed", "invalid_json", "invalid_query", "bad_request", "invalid_body", "invalid_cursor", "invalid_status", "invalid_scope", "invalid_mark", "invalid_offset", "invalid_plan", "invalid_signature", "invalid_token", "missing_fields", "one_field", "no_items_selected", "too_many_items", "method_not_allowed", "request_timeout", "payload_too_large", "uri_too_long", "unsupported_media_type", "rate_limited", "unauthenticated", "admin_session_required", "invalid_credentials", "invalid_admin_password", "forbidden", "cross_site_request", "not_found", "route_not_found", "user_not_found", "event_not_found", "booking_not_found", "notification_not_found", "story_not_found", "venue_not_found", "export_not_found", "checkout_not_found", "not_on_waitlist", "conflict", "email_taken", "last_admin", "own_admin_role", "own_account", "event_inactive", "event_started", "event_full", "already_booked", "monthly_limit_reached", "no_room_for_companion", "no_solidarity_places", "event_not_full", "already_waiting", "already_offered", "no_open_offer", "cancellation_closed", "booking_closed", "no_place", "not_cash", "already_reviewed", "review_first", "review_queue_full", "venue_in_use", "no_paid_plan", "companion_not_allowed", "solidarity_not_needed", "payment_not_required", "internal_error", "payment_provider_failed", "payment_setup_failed", "unavailable", "took_too_long", "streams_full"] as const;
