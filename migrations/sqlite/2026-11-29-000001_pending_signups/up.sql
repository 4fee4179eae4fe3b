-- Sign-ups waiting for their address to be confirmed (ADR 0018): the form as validated and
-- the password's argon2 hash, one row per canonical address (a newer sign-up replaces it),
-- and the emailed link's token as its SHA-256 only. Nothing is in users until the link is
-- used; a row goes when it is used and is swept once it has expired (24 hours), since it
-- can hold medical and accessibility details.
CREATE TABLE pending_signups (
    email TEXT PRIMARY KEY NOT NULL,
    token_hash TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    chosen_name TEXT,
    pronouns TEXT,
    phone TEXT,
    date_of_birth DATE,
    gender TEXT CHECK (gender IN ('male', 'female', 'non-binary', 'prefer-not-to-say', 'other')),
    address TEXT,
    city TEXT,
    postcode TEXT,
    emergency_contact_name TEXT,
    emergency_contact_phone TEXT,
    medical_conditions TEXT,
    fitness_level TEXT CHECK (fitness_level IN ('beginner', 'intermediate', 'advanced')),
    sports_interests TEXT NOT NULL DEFAULT '[]',
    how_did_you_hear TEXT CHECK (how_did_you_hear IN ('search', 'social-media', 'friend', 'advertisement', 'website', 'other')),
    marketing_consent BOOLEAN NOT NULL DEFAULT 0,
    accessibility_needs TEXT,
    registration_ip TEXT,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX pending_signups_token_hash_key ON pending_signups (token_hash);
CREATE INDEX pending_signups_expires_at_idx ON pending_signups (expires_at);

-- How many sign-up emails one address was sent lately, whether or not it has an account:
-- the two kinds (the link to finish, the notice to an owner) are capped alike per address.
CREATE INDEX email_deliveries_to_type_idx ON email_deliveries (to_email, email_type, created_at);
