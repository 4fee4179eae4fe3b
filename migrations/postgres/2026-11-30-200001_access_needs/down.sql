ALTER TABLE bookings DROP COLUMN needs_from_profile;
ALTER TABLE bookings DROP COLUMN access_needs;
-- The profile's note goes back to the free text it came from (the options and the choice to
-- share have nowhere to go).
UPDATE users SET accessibility_needs = (
    SELECT note FROM access_needs WHERE access_needs.user_id = users.id
);
DROP TABLE access_needs;
