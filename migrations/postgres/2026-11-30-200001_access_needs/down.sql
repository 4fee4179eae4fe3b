ALTER TABLE bookings DROP COLUMN needs_from_profile;
ALTER TABLE bookings DROP COLUMN access_needs;
ALTER TABLE users ADD COLUMN accessibility_needs TEXT;
UPDATE users SET accessibility_needs = (
    SELECT note FROM access_needs WHERE access_needs.user_id = users.id
);
DROP TABLE access_needs;
