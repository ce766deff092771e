-- Every server process keeps the payment settings it has read (the wallets' numbers, the commission): whoever writes
-- the settings tells every process to forget them, in the same transaction. Settings change rarely (an admin's save,
-- a first start), so every statement announces, whether or not it changed a row.
CREATE FUNCTION announce_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bazaar_settings', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_settings_change();
