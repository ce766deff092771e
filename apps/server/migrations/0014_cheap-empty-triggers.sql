-- Statement triggers run even when their statement wrote no row: an order's placement updates the products whose
-- stock it takes, usually none, and the upload counting of 0008 then cost it 0.4 ms of PostgreSQL's time. The
-- counting returns at once when there is nothing to count, and is PL/pgSQL, whose UPDATE is planned once per
-- connection (a SQL function's is planned on every call).
CREATE OR REPLACE FUNCTION count_upload_uses(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes = '[]' THEN
    RETURN;
  END IF;
  UPDATE uploads
  SET uses = greatest(0, uploads.uses + change.delta),
      unused_since = CASE WHEN uploads.uses + change.delta <= 0 THEN now() END
  FROM (
    SELECT (item->>'id')::uuid AS id, sum((item->>'delta')::int)::int AS delta
    FROM jsonb_array_elements(changes) AS item
    GROUP BY 1
    HAVING sum((item->>'delta')::int) <> 0
  ) AS change
  WHERE uploads.id = change.id;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uploads_reused() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE has as many old rows as new ones.
  IF NOT EXISTS (SELECT FROM new_rows) THEN
    RETURN NULL;
  END IF;
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
