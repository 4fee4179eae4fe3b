-- Checkouts for a plan that the person left by choosing another one afterwards: never paid,
-- so no longer pending (expired when the later plan was chosen). The store now expires them
-- as the later plan is chosen; this clears those left from before. A late payment still
-- activates one.
UPDATE memberships
SET status = 'expired',
    end_date = (
        SELECT MIN(later.created_at) FROM memberships later
        WHERE later.user_id = memberships.user_id AND later.created_at > memberships.created_at
    ),
    updated_at = (
        SELECT MIN(later.created_at) FROM memberships later
        WHERE later.user_id = memberships.user_id AND later.created_at > memberships.created_at
    )
WHERE status = 'pending'
  AND EXISTS (
      SELECT 1 FROM memberships later
      WHERE later.user_id = memberships.user_id AND later.created_at > memberships.created_at
  );
