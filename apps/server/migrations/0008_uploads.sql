CREATE TABLE "upload_files" (
	"upload_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"etag" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "upload_files_upload_id_width_pk" PRIMARY KEY("upload_id","width")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"unused_since" timestamp with time zone DEFAULT now(),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_files" ADD CONSTRAINT "upload_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_unused_idx" ON "uploads" USING btree ("unused_since") WHERE "uploads"."uses" = 0;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
-- uploads.uses counts the rows of products, "user" and order_lines that name each upload (main and gallery
-- pictures, profile pictures, the picture an order line copied). Statement triggers keep it on every write path
-- (the API, the seed's bulk inserts, psql), so that the clean-up finds unused pictures through the partial index
-- uploads_unused_idx instead of searching a million products. A row counts an upload once however often it names it.
CREATE FUNCTION upload_ids(picture jsonb) RETURNS SETOF uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT (m)[1]::uuid
  FROM unnest(
    ARRAY[picture->>'main_image_url', picture->>'img', picture->>'image_url']
      || ARRAY(SELECT jsonb_array_elements_text(coalesce(picture->'image_urls', '[]')))
  ) AS url,
  regexp_match(url, '/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/\d+\.webp([?#]|$)') AS m
  WHERE m IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION count_upload_uses(changes jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE uploads
  SET uses = greatest(0, uploads.uses + change.delta),
      unused_since = CASE WHEN uploads.uses + change.delta <= 0 THEN now() END
  FROM (
    SELECT (item->>'id')::uuid AS id, sum((item->>'delta')::int)::int AS delta
    FROM jsonb_array_elements(changes) AS item
    GROUP BY 1
    HAVING sum((item->>'delta')::int) <> 0
  ) AS change
  WHERE uploads.id = change.id
$$;
--> statement-breakpoint
CREATE FUNCTION uploads_used() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_upload_uses(coalesce(
    (SELECT jsonb_agg(jsonb_build_object('id', used.upload_id, 'delta', 1)) FROM new_rows, upload_ids(to_jsonb(new_rows)) AS used(upload_id)),
    '[]'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION uploads_unused() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_upload_uses(coalesce(
    (SELECT jsonb_agg(jsonb_build_object('id', used.upload_id, 'delta', -1)) FROM old_rows, upload_ids(to_jsonb(old_rows)) AS used(upload_id)),
    '[]'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION uploads_reused() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_upload_uses(coalesce(
    (SELECT jsonb_agg(change) FROM (
      SELECT jsonb_build_object('id', used.upload_id, 'delta', 1) AS change FROM new_rows, upload_ids(to_jsonb(new_rows)) AS used(upload_id)
      UNION ALL
      SELECT jsonb_build_object('id', used.upload_id, 'delta', -1) FROM old_rows, upload_ids(to_jsonb(old_rows)) AS used(upload_id)
    ) AS changes),
    '[]'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_uploads_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_used();
--> statement-breakpoint
CREATE TRIGGER products_uploads_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_reused();
--> statement-breakpoint
CREATE TRIGGER products_uploads_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_unused();
--> statement-breakpoint
CREATE TRIGGER user_uploads_insert AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_used();
--> statement-breakpoint
CREATE TRIGGER user_uploads_update AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_reused();
--> statement-breakpoint
CREATE TRIGGER user_uploads_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_unused();
--> statement-breakpoint
CREATE TRIGGER order_lines_uploads_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_used();
--> statement-breakpoint
CREATE TRIGGER order_lines_uploads_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_reused();
--> statement-breakpoint
CREATE TRIGGER order_lines_uploads_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_unused();
