DROP TABLE reminders_sent;
