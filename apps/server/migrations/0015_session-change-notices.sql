-- Every server process keeps the sessions it has read (decision 028): whoever changes or removes a session or a
-- user (Better Auth signing out, revoking, refreshing or expiring a session; a profile save; a verified e-mail; a
-- deleted account) tells every process to forget them, in the same transaction. New rows change nothing kept.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bazaar_sessions', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
