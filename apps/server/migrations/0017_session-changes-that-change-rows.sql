-- 0015 announced every UPDATE and DELETE statement on sessions and users, also one that changed no row: signing out
-- again with a session already gone, or a profile save that matched nobody, made every server process forget every
-- session it kept. Now a statement announces only when it changed a row (a TRUNCATE always does).
CREATE OR REPLACE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    -- Planned only here: a TRUNCATE trigger has no transition table.
    IF NOT EXISTS (SELECT FROM changed_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('bazaar_sessions', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER session_changed ON "session";
--> statement-breakpoint
DROP TRIGGER user_changed ON "user";
--> statement-breakpoint
CREATE TRIGGER session_updated AFTER UPDATE ON "session"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER session_deleted AFTER DELETE ON "session"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER user_updated AFTER UPDATE ON "user"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER user_deleted AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER user_truncated AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
