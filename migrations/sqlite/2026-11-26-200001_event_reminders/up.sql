-- Each (booking, timing) event reminder sent, claimed in the transaction that writes its
-- notification and email: the primary key makes it once across restarts and processes.
CREATE TABLE reminders_sent (
    booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    timing TEXT NOT NULL CHECK (timing IN ('1 hour', '4 hours', '24 hours', '1 week')),
    sent_at TIMESTAMP NOT NULL,
    PRIMARY KEY (booking_id, timing)
);
-- The sweep skips bookings sent a timing within its last window: this keeps that lookup
-- to recent rows however long the table grows.
CREATE INDEX reminders_sent_timing_sent_idx ON reminders_sent (timing, sent_at);
