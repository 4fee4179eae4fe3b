DROP INDEX notifications_user_topic_idx;
ALTER TABLE notifications DROP COLUMN topic;
