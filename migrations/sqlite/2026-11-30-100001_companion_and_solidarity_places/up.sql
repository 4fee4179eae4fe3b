-- Companion and solidarity places (docs/adr/0022-companion-and-solidarity-places.md).
-- Mirrors ../../postgres/ with the same directory name.

-- A session may let members bring a companion on a second, free place, and a paid session
-- may offer solidarity places, free places Supporters fund. solidarity_used counts those
-- live bookings hold; the booking guard moves it with current_participants in one
-- statement, and the checks keep it within what was set, and that within the capacity.
ALTER TABLE events ADD COLUMN companion_allowed BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN solidarity_places INTEGER NOT NULL DEFAULT 0
    CHECK (solidarity_places >= 0 AND solidarity_places <= max_participants);
ALTER TABLE events ADD COLUMN solidarity_used INTEGER NOT NULL DEFAULT 0
    CHECK (solidarity_used >= 0 AND solidarity_used <= solidarity_places);

-- A booking may bring a companion (a first name at most: they need no account), and may be
-- a solidarity place: payment method 'solidarity', nothing to pay. SQLite cannot alter a
-- CHECK, so bookings is rebuilt. This runs in a transaction with foreign keys on, where
-- dropping the old table would delete or unlink the rows that refer to it (cancellations,
-- reminders sent, emails): they are put aside first, taken out, and restored once the new
-- table has the old one's name, so no row changes and no constraint is broken.
CREATE TABLE bookings_new (
    id TEXT PRIMARY KEY NOT NULL,
    reference TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    event_id TEXT NOT NULL REFERENCES events (id),
    status TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'pending', 'cancelled')),
    payment_status TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('paid', 'pending', 'failed', 'refunded')),
    payment_method TEXT NOT NULL DEFAULT 'cash' CHECK (payment_method IN ('cash', 'card', 'solidarity')),
    amount_pence BIGINT NOT NULL DEFAULT 0 CHECK (amount_pence >= 0),
    stripe_session_id TEXT,
    stripe_payment_intent_id TEXT,
    hold_expires_at TIMESTAMP,
    accessibility_requirements TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    attendance TEXT CHECK (attendance IN ('attended', 'no_show')),
    attendance_marked_at TIMESTAMP,
    companion BOOLEAN NOT NULL DEFAULT 0,
    companion_name TEXT,
    CONSTRAINT bookings_companion_name_check CHECK (companion OR companion_name IS NULL),
    CONSTRAINT bookings_solidarity_free_check CHECK (payment_method <> 'solidarity' OR amount_pence = 0)
);
INSERT INTO bookings_new (id, reference, user_id, event_id, status, payment_status, payment_method,
        amount_pence, stripe_session_id, stripe_payment_intent_id, hold_expires_at,
        accessibility_requirements, created_at, updated_at, attendance, attendance_marked_at)
    SELECT id, reference, user_id, event_id, status, payment_status, payment_method,
        amount_pence, stripe_session_id, stripe_payment_intent_id, hold_expires_at,
        accessibility_requirements, created_at, updated_at, attendance, attendance_marked_at
    FROM bookings;

CREATE TEMP TABLE cancellations_kept AS SELECT * FROM cancellations;
CREATE TEMP TABLE reminders_sent_kept AS SELECT * FROM reminders_sent;
CREATE TEMP TABLE booking_emails_kept AS
    SELECT id AS delivery_id, booking_id FROM email_deliveries WHERE booking_id IS NOT NULL;
DELETE FROM cancellations;
DELETE FROM reminders_sent;
UPDATE email_deliveries SET booking_id = NULL WHERE booking_id IS NOT NULL;

DROP TABLE bookings;
ALTER TABLE bookings_new RENAME TO bookings;
CREATE UNIQUE INDEX bookings_reference_key ON bookings (reference);
-- One person holds at most one live (not cancelled) booking per event.
CREATE UNIQUE INDEX bookings_one_live_per_user_event ON bookings (user_id, event_id) WHERE status <> 'cancelled';
CREATE UNIQUE INDEX bookings_stripe_session_key ON bookings (stripe_session_id);
CREATE INDEX bookings_event_id_idx ON bookings (event_id, status);
CREATE INDEX bookings_user_created_idx ON bookings (user_id, created_at);
CREATE INDEX bookings_hold_expires_idx ON bookings (status, hold_expires_at);
CREATE INDEX bookings_created_idx ON bookings (created_at, id);
CREATE INDEX bookings_status_created_idx ON bookings (status, created_at, id);
CREATE INDEX bookings_payment_created_idx ON bookings (payment_status, created_at, id);
CREATE INDEX bookings_event_created_idx ON bookings (event_id, created_at, id);

INSERT INTO cancellations SELECT * FROM cancellations_kept;
INSERT INTO reminders_sent SELECT * FROM reminders_sent_kept;
UPDATE email_deliveries
    SET booking_id = (SELECT k.booking_id FROM booking_emails_kept k WHERE k.delivery_id = email_deliveries.id)
    WHERE id IN (SELECT delivery_id FROM booking_emails_kept);
DROP TABLE cancellations_kept;
DROP TABLE reminders_sent_kept;
DROP TABLE booking_emails_kept;
