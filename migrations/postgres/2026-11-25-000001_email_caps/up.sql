-- How many emails of one kind a person was sent lately: the caps on reset links and on
-- "someone tried to sign up with your address" notices count these rows.
CREATE INDEX email_deliveries_user_type_idx ON email_deliveries (user_id, email_type, created_at);
