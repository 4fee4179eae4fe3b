-- PostgreSQL only: a trigger that tells every server when a notification is written
-- (ADR 0028). SQLite serves from one process, whose streams look for themselves.
SELECT 1;
