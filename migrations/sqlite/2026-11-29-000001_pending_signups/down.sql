DROP INDEX email_deliveries_to_type_idx;
DROP TABLE pending_signups;
