// Hand-kept Diesel schema shared by SQLite and PostgreSQL: only types both backends map
// the same way (Text, Integer, BigInt, Bool, Timestamp, Date). Mirrors migrations/*/.

diesel::table! {
    users (id) {
        id -> Text,
        email -> Text,
        password_hash -> Text,
        first_name -> Text,
        last_name -> Text,
        chosen_name -> Nullable<Text>,
        pronouns -> Nullable<Text>,
        phone -> Nullable<Text>,
        date_of_birth -> Nullable<Date>,
        gender -> Nullable<Text>,
        address -> Nullable<Text>,
        city -> Nullable<Text>,
        postcode -> Nullable<Text>,
        emergency_contact_name -> Nullable<Text>,
        emergency_contact_phone -> Nullable<Text>,
        medical_conditions -> Nullable<Text>,
        fitness_level -> Nullable<Text>,
        sports_interests -> Text,
        how_did_you_hear -> Nullable<Text>,
        marketing_consent -> Bool,
        // accessibility_needs: retired (ADR 0023), always NULL; access needs have their table.
        role -> Text,
        preferences -> Text,
        theme_preference -> Text,
        is_email_verified -> Bool,
        profile_image_url -> Nullable<Text>,
        last_login -> Nullable<Timestamp>,
        registration_ip -> Nullable<Text>,
        deleted_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        /// Generated: lower("first last email"), what the admin users search matches.
        /// Never written. (The 31st column: more than 32 needs diesel's 64-column-tables.)
        search_text -> Nullable<Text>,
    }
}

diesel::table! {
    /// Sign-ups waiting for their emailed link (ADR 0018): one per canonical address.
    pending_signups (email) {
        email -> Text,
        token_hash -> Text,
        password_hash -> Text,
        first_name -> Text,
        last_name -> Text,
        chosen_name -> Nullable<Text>,
        pronouns -> Nullable<Text>,
        phone -> Nullable<Text>,
        date_of_birth -> Nullable<Date>,
        gender -> Nullable<Text>,
        address -> Nullable<Text>,
        city -> Nullable<Text>,
        postcode -> Nullable<Text>,
        emergency_contact_name -> Nullable<Text>,
        emergency_contact_phone -> Nullable<Text>,
        medical_conditions -> Nullable<Text>,
        fitness_level -> Nullable<Text>,
        sports_interests -> Text,
        how_did_you_hear -> Nullable<Text>,
        marketing_consent -> Bool,
        accessibility_needs -> Nullable<Text>,
        registration_ip -> Nullable<Text>,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    user_tokens (id) {
        id -> Text,
        user_id -> Text,
        purpose -> Text,
        token_hash -> Text,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> Text,
        first_seen_at -> Timestamp,
        last_seen_at -> Timestamp,
        user_agent -> Nullable<Text>,
        ip -> Nullable<Text>,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        admin_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    events (id) {
        id -> Text,
        title -> Text,
        description -> Text,
        category -> Text,
        location -> Text,
        area -> Text,
        starts_at -> Timestamp,
        duration_minutes -> Integer,
        max_participants -> Integer,
        current_participants -> Integer,
        price_pence -> BigInt,
        is_active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        leader_id -> Nullable<Text>,
        series_id -> Nullable<Text>,
        venue_id -> Text,
        /// Companion and solidarity places (ADR 0022).
        companion_allowed -> Bool,
        solidarity_places -> Integer,
        /// Solidarity places live bookings hold: moved only by the booking guard.
        solidarity_used -> Integer,
    }
}

diesel::table! {
    venues (id) {
        id -> Text,
        name -> Text,
        address -> Text,
        postcode -> Text,
        borough -> Text,
        map_url -> Nullable<Text>,
        nearest_step_free_station -> Nullable<Text>,
        transport_notes -> Nullable<Text>,
        step_free -> Text,
        accessible_toilet -> Text,
        changing_places -> Text,
        gender_neutral_changing -> Text,
        private_changing_cubicles -> Text,
        quiet_space -> Text,
        hearing_loop -> Text,
        accessible_parking -> Text,
        lift -> Text,
        assistance_dogs -> Text,
        access_checked_at -> Nullable<Timestamp>,
        access_checked_by -> Nullable<Text>,
        retired_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    event_series (id) {
        id -> Text,
        local_time -> Text,
        interval_weeks -> Integer,
        first_date -> Date,
        until_date -> Date,
        created_by -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    bookings (id) {
        id -> Text,
        reference -> Text,
        user_id -> Text,
        event_id -> Text,
        status -> Text,
        payment_status -> Text,
        payment_method -> Text,
        amount_pence -> BigInt,
        stripe_session_id -> Nullable<Text>,
        stripe_payment_intent_id -> Nullable<Text>,
        hold_expires_at -> Nullable<Timestamp>,
        accessibility_requirements -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        attendance -> Nullable<Text>,
        attendance_marked_at -> Nullable<Timestamp>,
        /// A companion comes on a second, free place (ADR 0022); their first name, if given.
        companion -> Bool,
        companion_name -> Nullable<Text>,
        /// JSON list of access needs ticked for this session (ADR 0023).
        access_needs -> Text,
        /// The needs are the copy of the person's shared profile needs.
        needs_from_profile -> Bool,
    }
}

diesel::table! {
    /// A member's access needs and their choice to share them (ADR 0023).
    access_needs (user_id) {
        user_id -> Text,
        /// JSON list of option names.
        needs -> Text,
        note -> Nullable<Text>,
        share_with_leader -> Bool,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    cancellations (id) {
        id -> Text,
        booking_id -> Text,
        reason -> Nullable<Text>,
        refund_amount_pence -> BigInt,
        refund_status -> Text,
        stripe_refund_id -> Nullable<Text>,
        processed_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    waitlist (id) {
        id -> Text,
        user_id -> Text,
        event_id -> Text,
        position -> Integer,
        status -> Text,
        notification_sent -> Bool,
        offer_expires_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    memberships (id) {
        id -> Text,
        user_id -> Text,
        plan -> Text,
        status -> Text,
        start_date -> Timestamp,
        end_date -> Nullable<Timestamp>,
        price_pence -> BigInt,
        stripe_session_id -> Nullable<Text>,
        stripe_subscription_id -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        renewal_stop_due_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    blog_posts (id) {
        id -> Text,
        title -> Text,
        content -> Text,
        excerpt -> Text,
        category -> Text,
        author_name -> Text,
        submitted_by -> Nullable<Text>,
        published_at -> Timestamp,
        is_published -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        review_status -> Nullable<Text>,
        decline_reason -> Nullable<Text>,
        reviewed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    contact_messages (id) {
        id -> Text,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        subject -> Text,
        message -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    notifications (id) {
        id -> Text,
        user_id -> Text,
        #[sql_name = "type"]
        kind -> Text,
        title -> Text,
        message -> Text,
        read_status -> Bool,
        action_url -> Nullable<Text>,
        event_id -> Nullable<Text>,
        created_at -> Timestamp,
        topic -> Nullable<Text>,
    }
}

diesel::table! {
    audit_logs (id) {
        id -> Text,
        user_id -> Nullable<Text>,
        action -> Text,
        resource_type -> Text,
        resource_id -> Nullable<Text>,
        details -> Text,
        ip_address -> Nullable<Text>,
        user_agent -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    system_metrics (id) {
        id -> Text,
        metric_type -> Text,
        metric_name -> Text,
        value -> BigInt,
        metadata -> Text,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    email_deliveries (id) {
        id -> Text,
        to_email -> Text,
        to_name -> Nullable<Text>,
        from_email -> Text,
        subject -> Text,
        email_type -> Text,
        html_body -> Text,
        text_body -> Text,
        status -> Text,
        attempt_count -> Integer,
        max_attempts -> Integer,
        next_attempt_at -> Timestamp,
        lease_expires_at -> Nullable<Timestamp>,
        last_attempt_at -> Nullable<Timestamp>,
        delivered_at -> Nullable<Timestamp>,
        error_message -> Nullable<Text>,
        sendgrid_message_id -> Nullable<Text>,
        user_id -> Nullable<Text>,
        booking_id -> Nullable<Text>,
        event_id -> Nullable<Text>,
        metadata -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        campaign_id -> Nullable<Text>,
    }
}

diesel::table! {
    email_campaigns (id) {
        id -> Text,
        recipient_group -> Text,
        subject -> Text,
        message -> Text,
        sent_by -> Nullable<Text>,
        recipients -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    whatsapp_community_settings (id) {
        id -> Text,
        community_name -> Text,
        invite_link -> Nullable<Text>,
        description -> Nullable<Text>,
        guidelines -> Text,
        benefits -> Text,
        is_active -> Bool,
        created_by -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    processed_webhook_events (id) {
        id -> Text,
        event_type -> Text,
        processed_at -> Timestamp,
    }
}

diesel::table! {
    newsletter_subscribers (id) {
        id -> Text,
        email -> Text,
        status -> Text,
        created_at -> Timestamp,
        confirmation_sent_at -> Timestamp,
        confirmed_at -> Nullable<Timestamp>,
        unsubscribed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    digests_sent (user_id) {
        user_id -> Text,
        last_sent_at -> Timestamp,
    }
}

diesel::table! {
    reminders_sent (booking_id, timing) {
        booking_id -> Text,
        timing -> Text,
        sent_at -> Timestamp,
        sent -> Bool,
    }
}

diesel::table! {
    rate_limit_counts (bucket, window_start) {
        bucket -> Text,
        window_start -> BigInt,
        hits -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::joinable!(user_tokens -> users (user_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(bookings -> users (user_id));
diesel::joinable!(access_needs -> users (user_id));
diesel::joinable!(bookings -> events (event_id));
diesel::joinable!(cancellations -> bookings (booking_id));
diesel::joinable!(waitlist -> users (user_id));
diesel::joinable!(waitlist -> events (event_id));
diesel::joinable!(memberships -> users (user_id));
diesel::joinable!(blog_posts -> users (submitted_by));
diesel::joinable!(notifications -> users (user_id));
diesel::joinable!(notifications -> events (event_id));
diesel::joinable!(audit_logs -> users (user_id));
diesel::joinable!(email_deliveries -> users (user_id));
diesel::joinable!(email_deliveries -> bookings (booking_id));
diesel::joinable!(email_deliveries -> events (event_id));
diesel::joinable!(whatsapp_community_settings -> users (created_by));
diesel::joinable!(events -> event_series (series_id));
diesel::joinable!(events -> venues (venue_id));
diesel::joinable!(email_deliveries -> email_campaigns (campaign_id));
diesel::joinable!(reminders_sent -> bookings (booking_id));
diesel::joinable!(digests_sent -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    pending_signups,
    user_tokens,
    sessions,
    events,
    bookings,
    access_needs,
    cancellations,
    waitlist,
    memberships,
    blog_posts,
    contact_messages,
    notifications,
    audit_logs,
    system_metrics,
    email_deliveries,
    whatsapp_community_settings,
    processed_webhook_events,
    newsletter_subscribers,
    event_series,
    venues,
    email_campaigns,
    reminders_sent,
    digests_sent,
    rate_limit_counts,
);

// The overview's turn-up chart groups by a session's sport and a booking's attendance.
diesel::allow_columns_to_appear_in_same_group_by_clause!(events::category, bookings::attendance);
