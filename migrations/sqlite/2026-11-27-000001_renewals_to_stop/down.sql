DROP INDEX memberships_renewal_stop_idx;
ALTER TABLE memberships DROP COLUMN renewal_stop_due_at;
