-- Access needs, private by default (ADR 0023): a member's needs (common options and a note)
-- and their choice to share them with the leaders of the sessions they book, off until
-- they turn it on. One row per member who has said anything.
CREATE TABLE access_needs (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id),
    -- JSON list of option names (domain::access_needs::AccessNeed).
    needs TEXT NOT NULL DEFAULT '[]',
    note TEXT,
    share_with_leader BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at TIMESTAMP NOT NULL
);
-- The free text typed at sign-up or on the profile becomes the note, not shared: nobody
-- agreed to share it with anyone by typing it there.
INSERT INTO access_needs (user_id, needs, note, share_with_leader, updated_at)
SELECT id, '[]', accessibility_needs, FALSE, updated_at
FROM users
WHERE accessibility_needs IS NOT NULL AND deleted_at IS NULL;
-- The old column stays, empty and no longer read or written: dropping it from the middle of
-- the table would need the whole table rebuilt to put it back in its place going down.
UPDATE users SET accessibility_needs = NULL WHERE accessibility_needs IS NOT NULL;

-- What a booking carries: the options ticked beside the spec's accessibility_requirements
-- text, and whether both are the copy of the profile's shared needs (which follows the
-- profile). Requirements on existing bookings were typed or sent on a booking form, which
-- was the consent: they stay as they are and are not the profile's copy.
ALTER TABLE bookings ADD COLUMN access_needs TEXT NOT NULL DEFAULT '[]';
ALTER TABLE bookings ADD COLUMN needs_from_profile BOOLEAN NOT NULL DEFAULT FALSE;
