-- Products whose added_by e-mail has no account (none are expected: added_by always came from a session) keep a
-- seller of their own: a user for that e-mail, named "Former seller", with no password or provider to sign in
-- with. The products and their order history stay as they were; an admin may still edit or delete them.
INSERT INTO "user" ("id", "name", "email")
SELECT gen_random_uuid()::text, 'Former seller', "orphans"."added_by"
FROM (SELECT DISTINCT "added_by" FROM "products") AS "orphans"
WHERE NOT EXISTS (SELECT 1 FROM "user" WHERE "user"."email" = "orphans"."added_by");--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_handle_unique" UNIQUE("handle");--> statement-breakpoint
-- A handle's stem from a display name: accents dropped, lowercase words joined by dashes, at most 35 characters
-- (room for a suffix), "seller" when fewer than 3 usable characters remain. "Sofia García" → sofia-garcia.
CREATE FUNCTION "user_handle_base"("name" text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  base text := regexp_replace(lower(regexp_replace(normalize("name", NFKD), '[\u0300-\u036f]', '', 'g')), '[^a-z0-9]+', '-', 'g');
BEGIN
  base := trim(BOTH '-' FROM left(trim(BOTH '-' FROM base), 35));
  RETURN CASE WHEN length(base) < 3 THEN 'seller' ELSE base END;
END $$;--> statement-breakpoint
-- A handle no user has yet for this name: the base, else the base with -2, -3, …
CREATE FUNCTION "free_user_handle"("name" text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := user_handle_base("name");
  candidate text := base;
  n integer := 1;
BEGIN
  WHILE EXISTS (SELECT 1 FROM "user" WHERE "handle" = candidate) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
-- Every new user gets a handle, whichever way the account is made (password, Google, OpenID Connect). One insert
-- at a time picks it, until its transaction ends, so that two sign-ups of the same name cannot both take one.
CREATE FUNCTION "give_user_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('bazaar:user-handle'));
  NEW."handle" := free_user_handle(NEW."name");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_handle" BEFORE INSERT ON "user" FOR EACH ROW WHEN (NEW."handle" IS NULL) EXECUTE FUNCTION give_user_handle();--> statement-breakpoint
-- Existing users, oldest account first: the same database always gets the same handles.
DO $$
DECLARE
  person record;
BEGIN
  FOR person IN SELECT "id", "name" FROM "user" ORDER BY "created_at", "id" LOOP
    UPDATE "user" SET "handle" = free_user_handle(person."name") WHERE "id" = person."id";
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN "handle" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_id" text;--> statement-breakpoint
UPDATE "products" SET "seller_id" = "user"."id" FROM "user" WHERE "user"."email" = "products"."added_by";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "products_added_by_idx";--> statement-breakpoint
CREATE INDEX "products_seller_created_idx" ON "products" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "added_by";
