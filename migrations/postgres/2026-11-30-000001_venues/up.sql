-- Venues: where sessions happen, with the access facts people filter on (ADR 0021).
-- Mirrors ../../sqlite/ with the same directory name.
CREATE TABLE venues (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    -- Empty only for venues made below from an old free-text location.
    postcode TEXT NOT NULL,
    borough TEXT NOT NULL,
    map_url TEXT,
    nearest_step_free_station TEXT,
    transport_notes TEXT,
    -- One column per access fact (crates/domain/src/venue.rs), each yes, no or unknown.
    step_free TEXT NOT NULL DEFAULT 'unknown' CHECK (step_free IN ('yes', 'no', 'unknown')),
    accessible_toilet TEXT NOT NULL DEFAULT 'unknown' CHECK (accessible_toilet IN ('yes', 'no', 'unknown')),
    changing_places TEXT NOT NULL DEFAULT 'unknown' CHECK (changing_places IN ('yes', 'no', 'unknown')),
    gender_neutral_changing TEXT NOT NULL DEFAULT 'unknown' CHECK (gender_neutral_changing IN ('yes', 'no', 'unknown')),
    private_changing_cubicles TEXT NOT NULL DEFAULT 'unknown' CHECK (private_changing_cubicles IN ('yes', 'no', 'unknown')),
    quiet_space TEXT NOT NULL DEFAULT 'unknown' CHECK (quiet_space IN ('yes', 'no', 'unknown')),
    hearing_loop TEXT NOT NULL DEFAULT 'unknown' CHECK (hearing_loop IN ('yes', 'no', 'unknown')),
    accessible_parking TEXT NOT NULL DEFAULT 'unknown' CHECK (accessible_parking IN ('yes', 'no', 'unknown')),
    lift TEXT NOT NULL DEFAULT 'unknown' CHECK (lift IN ('yes', 'no', 'unknown')),
    assistance_dogs TEXT NOT NULL DEFAULT 'unknown' CHECK (assistance_dogs IN ('yes', 'no', 'unknown')),
    access_checked_at TIMESTAMP,
    access_checked_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    retired_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX venues_name_idx ON venues (name);

-- One venue per distinct location text, nothing checked: named by the text before its last
-- comma, in the borough after it (the events' `area`), the whole text as its address. The
-- same rule as `Venue::from_location`. `head` is the text up to its last comma (rtrim drops
-- every character that is not a comma from the end; empty without a comma), and
-- `left(head, -1)` that without the comma.
INSERT INTO venues (id, name, address, postcode, borough, created_at, updated_at)
SELECT
    gen_random_uuid()::text,
    CASE WHEN trim(left(head, -1)) <> '' THEN trim(left(head, -1)) ELSE place END,
    place,
    '',
    area,
    now() AT TIME ZONE 'UTC',
    now() AT TIME ZONE 'UTC'
FROM (
    SELECT place, area, rtrim(place, replace(place, ',', '')) AS head
    FROM (SELECT trim(location) AS place, MIN(area) AS area FROM events GROUP BY trim(location)) AS places
) AS split;

-- Every event at its venue. `location` and `area` stay, as the store's copies of the
-- venue's line and borough for the indexed filters, search and older readers.
ALTER TABLE events ADD COLUMN venue_id TEXT REFERENCES venues (id);
UPDATE events SET venue_id = (SELECT v.id FROM venues v WHERE v.address = trim(events.location));
ALTER TABLE events ALTER COLUMN venue_id SET NOT NULL;
CREATE INDEX events_venue_idx ON events (venue_id, starts_at);
