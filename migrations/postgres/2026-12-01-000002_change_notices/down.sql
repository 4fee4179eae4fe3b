DROP TRIGGER notifications_changed ON notifications;
DROP FUNCTION playspace_notify_notifications();
