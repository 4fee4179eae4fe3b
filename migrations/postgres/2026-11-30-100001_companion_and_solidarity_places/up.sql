-- Companion and solidarity places (docs/adr/0022-companion-and-solidarity-places.md).
-- Mirrors ../../sqlite/ with the same directory name.

-- A session may let members bring a companion on a second, free place, and a paid session
-- may offer solidarity places, free places Supporters fund. solidarity_used counts those
-- live bookings hold; the booking guard moves it with current_participants in one
-- statement, and the checks keep it within what was set, and that within the capacity.
ALTER TABLE events
    ADD COLUMN companion_allowed BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN solidarity_places INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN solidarity_used INTEGER NOT NULL DEFAULT 0,
    ADD CONSTRAINT events_solidarity_places_check
        CHECK (solidarity_places >= 0 AND solidarity_places <= max_participants),
    ADD CONSTRAINT events_solidarity_used_check
        CHECK (solidarity_used >= 0 AND solidarity_used <= solidarity_places);

-- A booking may bring a companion (a first name at most: they need no account), and may be
-- a solidarity place: payment method 'solidarity', nothing to pay.
ALTER TABLE bookings
    ADD COLUMN companion BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN companion_name TEXT,
    DROP CONSTRAINT bookings_payment_method_check,
    ADD CONSTRAINT bookings_payment_method_check
        CHECK (payment_method IN ('cash', 'card', 'solidarity')),
    ADD CONSTRAINT bookings_companion_name_check CHECK (companion OR companion_name IS NULL),
    ADD CONSTRAINT bookings_solidarity_free_check
        CHECK (payment_method <> 'solidarity' OR amount_pence = 0);
