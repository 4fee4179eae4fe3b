-- Every notification written, changed or deleted, by any server or command, tells every
-- server's listener whose list it was (ADR 0028): NOTIFY is sent when the writing
-- transaction commits, and never if it rolls back; one notice per person per transaction.
CREATE FUNCTION playspace_notify_notifications() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('playspace_notifications', OLD.user_id);
    ELSE
        PERFORM pg_notify('playspace_notifications', NEW.user_id);
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER notifications_changed
AFTER INSERT OR UPDATE OR DELETE ON notifications
FOR EACH ROW EXECUTE FUNCTION playspace_notify_notifications();
