-- A notification with a topic is its owner's one standing notification of that topic
-- (today: the stories waiting for review), written over rather than added again. NULLs are
-- distinct in a unique index on both backends, so ordinary notifications are unaffected.
-- Notifications written one per story before this stay as they are and age out.
ALTER TABLE notifications ADD COLUMN topic TEXT;
CREATE UNIQUE INDEX notifications_user_topic_idx ON notifications (user_id, topic);
