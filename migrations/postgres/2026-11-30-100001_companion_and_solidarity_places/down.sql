-- Back to bookings without companions or solidarity places: a solidarity booking becomes
-- a cash one (it stays free), a companion's place is no longer counted, and the columns go.
UPDATE events SET current_participants = current_participants - (
    SELECT COUNT(*) FROM bookings b
    WHERE b.event_id = events.id AND b.companion AND b.status <> 'cancelled'
);
UPDATE bookings SET payment_method = 'cash' WHERE payment_method = 'solidarity';
ALTER TABLE bookings
    DROP CONSTRAINT bookings_solidarity_free_check,
    DROP CONSTRAINT bookings_companion_name_check,
    DROP CONSTRAINT bookings_payment_method_check,
    ADD CONSTRAINT bookings_payment_method_check CHECK (payment_method IN ('cash', 'card')),
    DROP COLUMN companion_name,
    DROP COLUMN companion;
ALTER TABLE events
    DROP CONSTRAINT events_solidarity_used_check,
    DROP CONSTRAINT events_solidarity_places_check,
    DROP COLUMN solidarity_used,
    DROP COLUMN solidarity_places,
    DROP COLUMN companion_allowed;
