-- PlaySpace schema, PostgreSQL flavour. Mirrors ../../sqlite/ with the same directory name:
-- same tables, same columns, same constraints. Ids are UUIDv7 text, money is integer pence,
-- timestamps are UTC, lists and JSON are text.

CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    chosen_name TEXT,
    pronouns TEXT,
    phone TEXT,
    date_of_birth DATE,
    gender TEXT CHECK (gender IN ('male', 'female', 'non-binary', 'prefer-not-to-say', 'other')),
    address TEXT,
    city TEXT,
    postcode TEXT,
    emergency_contact_name TEXT,
    emergency_contact_phone TEXT,
    medical_conditions TEXT,
    fitness_level TEXT CHECK (fitness_level IN ('beginner', 'intermediate', 'advanced')),
    sports_interests TEXT NOT NULL DEFAULT '[]',
    how_did_you_hear TEXT CHECK (how_did_you_hear IN ('search', 'social-media', 'friend', 'advertisement', 'website', 'other')),
    marketing_consent BOOLEAN NOT NULL DEFAULT FALSE,
    accessibility_needs TEXT,
    role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator', 'admin')),
    preferences TEXT NOT NULL DEFAULT '{}',
    theme_preference TEXT NOT NULL DEFAULT 'system' CHECK (theme_preference IN ('light', 'dark', 'system')),
    is_email_verified BOOLEAN NOT NULL DEFAULT FALSE,
    profile_image_url TEXT,
    last_login TIMESTAMP,
    registration_ip TEXT,
    deleted_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE INDEX users_created_at_idx ON users (created_at);

-- Email verification and password reset tokens (the spec's emailVerificationToken and
-- passwordResetToken fields): only a hash is stored; used_at makes each single-use.
CREATE TABLE user_tokens (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    token_hash TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX user_tokens_token_hash_key ON user_tokens (token_hash);
CREATE INDEX user_tokens_user_purpose_idx ON user_tokens (user_id, purpose);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    first_seen_at TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL,
    user_agent TEXT,
    ip TEXT,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP,
    admin_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE events (
    id TEXT PRIMARY KEY NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    category TEXT NOT NULL,
    location TEXT NOT NULL,
    area TEXT NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    duration_minutes INTEGER NOT NULL CHECK (duration_minutes > 0 AND duration_minutes <= 1440),
    max_participants INTEGER NOT NULL CHECK (max_participants > 0),
    current_participants INTEGER NOT NULL DEFAULT 0,
    price_pence BIGINT NOT NULL DEFAULT 0 CHECK (price_pence >= 0),
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CONSTRAINT events_capacity_check CHECK (current_participants >= 0 AND current_participants <= max_participants)
);
CREATE INDEX events_active_starts_at_idx ON events (is_active, starts_at);

CREATE TABLE bookings (
    id TEXT PRIMARY KEY NOT NULL,
    reference TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    event_id TEXT NOT NULL REFERENCES events (id),
    status TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'pending', 'cancelled')),
    payment_status TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('paid', 'pending', 'failed', 'refunded')),
    payment_method TEXT NOT NULL DEFAULT 'cash' CHECK (payment_method IN ('cash', 'card')),
    amount_pence BIGINT NOT NULL DEFAULT 0 CHECK (amount_pence >= 0),
    stripe_session_id TEXT,
    stripe_payment_intent_id TEXT,
    hold_expires_at TIMESTAMP,
    accessibility_requirements TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX bookings_reference_key ON bookings (reference);
-- One person holds at most one live (not cancelled) booking per event.
CREATE UNIQUE INDEX bookings_one_live_per_user_event ON bookings (user_id, event_id) WHERE status <> 'cancelled';
CREATE UNIQUE INDEX bookings_stripe_session_key ON bookings (stripe_session_id);
CREATE INDEX bookings_event_id_idx ON bookings (event_id, status);
CREATE INDEX bookings_user_created_idx ON bookings (user_id, created_at);
CREATE INDEX bookings_hold_expires_idx ON bookings (status, hold_expires_at);

CREATE TABLE cancellations (
    id TEXT PRIMARY KEY NOT NULL,
    booking_id TEXT NOT NULL REFERENCES bookings (id),
    reason TEXT,
    refund_amount_pence BIGINT NOT NULL DEFAULT 0 CHECK (refund_amount_pence >= 0),
    refund_status TEXT NOT NULL DEFAULT 'pending' CHECK (refund_status IN ('pending', 'succeeded', 'failed', 'not_required')),
    stripe_refund_id TEXT,
    processed_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX cancellations_booking_key ON cancellations (booking_id);

CREATE TABLE waitlist (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position > 0),
    status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'claimed', 'expired', 'left')),
    notification_sent BOOLEAN NOT NULL DEFAULT FALSE,
    offer_expires_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
-- One waitlist entry per person per event, ever: nobody is offered a place twice.
CREATE UNIQUE INDEX waitlist_event_user_key ON waitlist (event_id, user_id);
CREATE UNIQUE INDEX waitlist_event_position_key ON waitlist (event_id, position);

CREATE TABLE memberships (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan TEXT NOT NULL CHECK (plan IN ('community', 'active', 'champion')),
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'cancelled', 'expired')),
    start_date TIMESTAMP NOT NULL,
    end_date TIMESTAMP,
    price_pence BIGINT NOT NULL DEFAULT 0 CHECK (price_pence >= 0),
    stripe_session_id TEXT,
    stripe_subscription_id TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX memberships_user_status_idx ON memberships (user_id, status);

CREATE TABLE blog_posts (
    id TEXT PRIMARY KEY NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    excerpt TEXT NOT NULL,
    category TEXT NOT NULL,
    author_name TEXT NOT NULL,
    submitted_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    published_at TIMESTAMP NOT NULL,
    is_published BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX blog_posts_published_idx ON blog_posts (is_published, published_at);

CREATE TABLE contact_messages (
    id TEXT PRIMARY KEY NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL CHECK (subject IN ('general', 'membership', 'events', 'accessibility', 'partnership', 'feedback')),
    message TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at);

CREATE TABLE notifications (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('booking', 'reminder', 'welcome', 'system', 'info')),
    title TEXT NOT NULL,
    message TEXT NOT NULL,
    read_status BOOLEAN NOT NULL DEFAULT FALSE,
    action_url TEXT,
    event_id TEXT REFERENCES events (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at);

CREATE TABLE audit_logs (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    resource_type TEXT NOT NULL,
    resource_id TEXT,
    details TEXT NOT NULL DEFAULT '{}',
    ip_address TEXT,
    user_agent TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX audit_logs_created_at_idx ON audit_logs (created_at);

CREATE TABLE system_metrics (
    id TEXT PRIMARY KEY NOT NULL,
    metric_type TEXT NOT NULL,
    metric_name TEXT NOT NULL,
    value BIGINT NOT NULL DEFAULT 1,
    metadata TEXT NOT NULL DEFAULT '{}',
    recorded_at TIMESTAMP NOT NULL
);
CREATE INDEX system_metrics_type_time_idx ON system_metrics (metric_type, recorded_at);

CREATE TABLE email_deliveries (
    id TEXT PRIMARY KEY NOT NULL,
    to_email TEXT NOT NULL,
    to_name TEXT,
    from_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    email_type TEXT NOT NULL,
    html_body TEXT NOT NULL,
    text_body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
    attempt_count INTEGER NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
    max_attempts INTEGER NOT NULL DEFAULT 3 CHECK (max_attempts > 0),
    next_attempt_at TIMESTAMP NOT NULL,
    lease_expires_at TIMESTAMP,
    last_attempt_at TIMESTAMP,
    delivered_at TIMESTAMP,
    error_message TEXT,
    sendgrid_message_id TEXT,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    booking_id TEXT REFERENCES bookings (id) ON DELETE SET NULL,
    event_id TEXT REFERENCES events (id) ON DELETE SET NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX email_deliveries_due_idx ON email_deliveries (status, next_attempt_at);

CREATE TABLE whatsapp_community_settings (
    id TEXT PRIMARY KEY NOT NULL,
    community_name TEXT NOT NULL DEFAULT 'PlaySpace Community',
    invite_link TEXT,
    description TEXT,
    guidelines TEXT NOT NULL DEFAULT '[]',
    benefits TEXT NOT NULL DEFAULT '[]',
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- Stripe webhook event ids already handled: a redelivery is a no-op.
CREATE TABLE processed_webhook_events (
    id TEXT PRIMARY KEY NOT NULL,
    event_type TEXT NOT NULL,
    processed_at TIMESTAMP NOT NULL
);

CREATE TABLE newsletter_subscribers (
    id TEXT PRIMARY KEY NOT NULL,
    email TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX newsletter_subscribers_email_key ON newsletter_subscribers (lower(email));
