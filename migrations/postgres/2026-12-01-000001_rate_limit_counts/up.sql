-- Rate limits counted in the database, so every server sharing it counts together (ADR 0026).
-- One row per (limit and caller, fixed window): `bucket` is a keyed hash of the limit's name
-- and the caller's key (an address, an account), never the key itself; `window_start` and
-- `expires_at` are Unix seconds; a row is swept once no limit can read it any more.
-- UNLOGGED: no write-ahead log for counts that matter for minutes; a crash empties the
-- table, which only forgives the callers counted so far.
CREATE UNLOGGED TABLE rate_limit_counts (
    bucket TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limit_counts_expires_at ON rate_limit_counts (expires_at);
