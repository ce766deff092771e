-- Products whose added_by e-mail has no account (none are expected: added_by always came from a session) keep a
-- seller of their own: a user for that e-mail, named "Former seller", with no password or provider to sign in
-- with. The products and their order history stay as they were; an admin may still edit or delete them.
INSERT INTO "user" ("id", "name", "email")
SELECT gen_random_uuid()::text, 'Former seller', "orphans"."added_by"
FROM (SELECT DISTINCT "added_by" FROM "products") AS "orphans"
WHERE NOT EXISTS (SELECT 1 FROM "user" WHERE "user"."email" = "orphans"."added_by");--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_handle_unique" UNIQUE("handle");--> statement-breakpoint
-- Every existing user gets a handle made from the name as users/handles.ts makes it, oldest account first; a
-- taken one gets -2, -3, …: the same database always gets the same handles.
DO $$
DECLARE
  person record;
  base text;
  candidate text;
  n integer;
BEGIN
  FOR person IN SELECT "id", "name" FROM "user" ORDER BY "created_at", "id" LOOP
    base := regexp_replace(lower(regexp_replace(normalize(person.name, NFKD), '[\u0300-\u036f]', '', 'g')), '[^a-z0-9]+', '-', 'g');
    base := trim(BOTH '-' FROM left(trim(BOTH '-' FROM base), 35));
    IF length(base) < 3 THEN
      base := 'seller';
    END IF;
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM "user" WHERE "handle" = candidate) LOOP
      n := n + 1;
      candidate := base || '-' || n;
    END LOOP;
    UPDATE "user" SET "handle" = candidate WHERE "id" = person.id;
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
