-- Back to bookings without companions or solidarity places: a solidarity booking becomes
-- a cash one (it stays free), a companion's place is no longer counted, and the events'
-- columns go. The rebuild keeps referring rows as up.sql does.
UPDATE events SET current_participants = current_participants - (
    SELECT COUNT(*) FROM bookings b
    WHERE b.event_id = events.id AND b.companion AND b.status <> 'cancelled'
);
CREATE TABLE bookings_old (
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
    updated_at TIMESTAMP NOT NULL,
    attendance TEXT CHECK (attendance IN ('attended', 'no_show')),
    attendance_marked_at TIMESTAMP
);
INSERT INTO bookings_old (id, reference, user_id, event_id, status, payment_status, payment_method,
        amount_pence, stripe_session_id, stripe_payment_intent_id, hold_expires_at,
        accessibility_requirements, created_at, updated_at, attendance, attendance_marked_at)
    SELECT id, reference, user_id, event_id, status, payment_status,
        CASE WHEN payment_method = 'solidarity' THEN 'cash' ELSE payment_method END,
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
ALTER TABLE bookings_old RENAME TO bookings;
CREATE UNIQUE INDEX bookings_reference_key ON bookings (reference);
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

-- solidarity_used's own CHECK names solidarity_places, so it goes first.
ALTER TABLE events DROP COLUMN solidarity_used;
ALTER TABLE events DROP COLUMN solidarity_places;
ALTER TABLE events DROP COLUMN companion_allowed;
