-- The organisation's side: session leaders and recurring series on events, attendance on
-- bookings, bulk email campaigns, and the indexes the admin lists page through.
-- Mirrors ../../postgres/ with the same directory name.

-- A weekly or fortnightly rule that made a run of ordinary events ("every Tuesday 18:30
-- until 31 March"). Each session stays an event with its own capacity and bookings.
CREATE TABLE event_series (
    id TEXT PRIMARY KEY NOT NULL,
    local_time TEXT NOT NULL,
    interval_weeks INTEGER NOT NULL CHECK (interval_weeks IN (1, 2)),
    first_date DATE NOT NULL,
    until_date DATE NOT NULL,
    created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);

ALTER TABLE events ADD COLUMN leader_id TEXT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE events ADD COLUMN series_id TEXT REFERENCES event_series (id) ON DELETE SET NULL;
CREATE INDEX events_starts_at_idx ON events (starts_at, id);
CREATE INDEX events_series_idx ON events (series_id, starts_at);
CREATE INDEX events_leader_idx ON events (leader_id, starts_at);

-- Filled in by the session's leader at the venue.
ALTER TABLE bookings ADD COLUMN attendance TEXT CHECK (attendance IN ('attended', 'no_show'));
ALTER TABLE bookings ADD COLUMN attendance_marked_at TIMESTAMP;
CREATE INDEX bookings_created_idx ON bookings (created_at, id);
CREATE INDEX bookings_status_created_idx ON bookings (status, created_at, id);
CREATE INDEX bookings_payment_created_idx ON bookings (payment_status, created_at, id);
CREATE INDEX bookings_event_created_idx ON bookings (event_id, created_at, id);

CREATE INDEX users_created_id_idx ON users (created_at, id);
CREATE INDEX users_role_idx ON users (role);

CREATE INDEX audit_logs_user_created_idx ON audit_logs (user_id, created_at);
CREATE INDEX audit_logs_action_created_idx ON audit_logs (action, created_at);

-- One bulk email an admin sent to a recipient group; its emails are outbox rows.
CREATE TABLE email_campaigns (
    id TEXT PRIMARY KEY NOT NULL,
    recipient_group TEXT NOT NULL CHECK (recipient_group IN ('all', 'new_joiners', 'verified', 'unverified')),
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    sent_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    recipients INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX email_campaigns_created_idx ON email_campaigns (created_at);
ALTER TABLE email_deliveries ADD COLUMN campaign_id TEXT REFERENCES email_campaigns (id) ON DELETE SET NULL;
CREATE INDEX email_deliveries_campaign_idx ON email_deliveries (campaign_id, status);
