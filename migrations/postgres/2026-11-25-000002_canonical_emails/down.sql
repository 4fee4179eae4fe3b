DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
