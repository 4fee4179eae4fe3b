-- Events keep their `location` and `area` text, so nothing is lost going back.
DROP INDEX events_venue_idx;
ALTER TABLE events DROP COLUMN venue_id;
DROP TABLE venues;
