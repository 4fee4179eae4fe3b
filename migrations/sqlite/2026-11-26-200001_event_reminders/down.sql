DROP INDEX reminders_sent_timing_sent_idx;
DROP TABLE reminders_sent;
