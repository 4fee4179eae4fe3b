-- A reminder is decided once, at its moment: a row is now also written for a timing whose
-- moment came that the person does not get (not chosen, reminders off, booked later), with
-- sent false, so the sweep never reads that booking for that timing again. sent_at is when
-- it was decided.
ALTER TABLE reminders_sent ADD COLUMN sent BOOLEAN NOT NULL DEFAULT TRUE;
