-- Tell the embedded server, at commit, what changed that its in-process memo of session checks
-- and activity records (server/services/sessions/session-memo.ts, activity-read-cache.ts) may
-- hold: any write to sessions or users ('auth'), a raised activity list version
-- ('activities:<user id>'), and an activity updated or deleted ('activity:<id>'). Only where stride.notify_changes is on,
-- which the embedded engine sets at start (db/client.ts): PostgreSQL servers are never told, as
-- no process there keeps such a memo. A new session needs no notice: the memo holds only rows it read.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stride.notify_changes', true) = 'on' THEN
    PERFORM pg_notify('stride_changes', 'auth');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_activity_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stride.notify_changes', true) = 'on' THEN
    PERFORM pg_notify('stride_changes', CASE WHEN TG_OP = 'TRUNCATE' THEN 'activities' ELSE 'activities:' || NEW.user_id END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_activity_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stride.notify_changes', true) = 'on' THEN
    PERFORM pg_notify('stride_changes', CASE WHEN TG_OP = 'TRUNCATE' THEN 'activity' ELSE 'activity:' || OLD.id END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER activity_list_versions_notify_change AFTER INSERT OR UPDATE ON activity_list_versions
  FOR EACH ROW EXECUTE FUNCTION notify_activity_list_version();
--> statement-breakpoint
CREATE TRIGGER activity_list_versions_notify_truncate AFTER TRUNCATE ON activity_list_versions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_activity_list_version();
--> statement-breakpoint
CREATE TRIGGER activities_notify_change AFTER UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION notify_activity_change();
--> statement-breakpoint
CREATE TRIGGER activities_notify_truncate AFTER TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_activity_change();
