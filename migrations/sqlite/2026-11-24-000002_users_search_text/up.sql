-- The admin users search matches "first last email" ignoring case (docs/admin-api.md). At
-- 20,000 members, lowering and joining three columns on every row of every search was most
-- of PostgreSQL's time for a page (about 20 ms); kept in a generated column it is a third.
-- PostgreSQL stores it; SQLite (which cannot add a stored column to a table) computes it on
-- read, which costs what the expression did. Mirrors ../../postgres/ with the same name.
ALTER TABLE users ADD COLUMN search_text TEXT
    GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) VIRTUAL;
