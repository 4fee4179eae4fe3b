-- Addresses are stored in one canonical form (NFC, lower case: domain/src/email.rs,
-- ADR 0010) and compared as stored, so the unique key is the column itself. lower() folds
-- only ASCII here; `Store::canonicalise_emails` finishes the rest in Rust after migrating.
UPDATE users SET email = lower(email) WHERE email <> lower(email);
DROP INDEX users_email_lower_key;
CREATE UNIQUE INDEX users_email_key ON users (email);
