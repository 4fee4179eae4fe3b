ALTER TABLE users DROP COLUMN search_text;
