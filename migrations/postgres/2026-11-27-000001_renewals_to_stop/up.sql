-- A plan replaced by another still has a subscription at the payment provider until its
-- renewal is stopped. Set in the transaction that ends the plan, cleared once the provider
-- has stopped it: a failed call is retried by the hold sweep instead of being forgotten.
ALTER TABLE memberships ADD COLUMN renewal_stop_due_at TIMESTAMP;
CREATE INDEX memberships_renewal_stop_idx ON memberships (renewal_stop_due_at)
    WHERE renewal_stop_due_at IS NOT NULL;
