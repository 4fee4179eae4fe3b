-- When each person was last sent a session-alert digest. The sweep claims a person's
-- period by moving last_sent_at forward only when it is a whole period old, in the
-- transaction that writes the digest's notification and email: once across restarts and
-- processes.
CREATE TABLE digests_sent (
    user_id TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    last_sent_at TIMESTAMP NOT NULL
);
