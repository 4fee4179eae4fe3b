ALTER TABLE reminders_sent DROP COLUMN sent;
