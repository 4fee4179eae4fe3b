-- Before this, nothing expired a membership: every expired one was a checkout left pending.
UPDATE memberships
SET status = 'pending', end_date = NULL
WHERE status = 'expired' AND stripe_subscription_id IS NULL;
