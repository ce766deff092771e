-- A picture URL counted as a use of an upload only when it is the shop's own, spelled as the shop gives it out:
-- `{address}/media/{lower-case id}/{width}.webp`, where {address} is one of the shop's own addresses (PUBLIC_URL,
-- noted by every server at start) or empty (site-relative). 0008 counted `/media/{id}/` anywhere in any URL, so a
-- stranger's `https://evil.example/media/{id}/…` or `/images/../media/{id}/…` kept someone's picture from ever
-- being cleaned up (issue 42, point 7). The server refuses every other spelling of an upload before writing.
CREATE TABLE shop_addresses (
  address text PRIMARY KEY
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION upload_ids(picture jsonb) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
  SELECT DISTINCT (m)[2]::uuid
  FROM unnest(
    ARRAY[picture->>'main_image_url', picture->>'img', picture->>'image_url']
      || ARRAY(SELECT jsonb_array_elements_text(coalesce(picture->'image_urls', '[]')))
  ) AS url,
  regexp_match(url, '^(.*)/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/\d+\.webp$') AS m
  WHERE m IS NOT NULL
    AND ((m)[1] = '' OR (m)[1] IN (SELECT address FROM shop_addresses))
$$;
--> statement-breakpoint
-- Every upload's uses counted again from the rows that name it: once the shop's address is known, and again for each
-- new one, since the rows written before it (or under 0008's rule) may count wrongly. One pass over products, users
-- and order lines.
CREATE FUNCTION recount_upload_uses() RETURNS void LANGUAGE sql AS $$
  UPDATE uploads
  SET uses = coalesce(counted.uses, 0),
      unused_since = CASE WHEN coalesce(counted.uses, 0) = 0 THEN coalesce(uploads.unused_since, now()) END
  FROM uploads AS recounted
  LEFT JOIN (
    SELECT used.upload_id, count(*)::int AS uses
    FROM (
      SELECT upload_ids(to_jsonb(products)) AS upload_id FROM products
      UNION ALL
      SELECT upload_ids(to_jsonb(u)) FROM "user" AS u WHERE u.img LIKE '%/media/%'
      UNION ALL
      SELECT upload_ids(to_jsonb(order_lines)) FROM order_lines WHERE image_url LIKE '%/media/%'
    ) AS used
    GROUP BY used.upload_id
  ) AS counted ON counted.upload_id = recounted.id
  WHERE uploads.id = recounted.id
    AND (uploads.uses IS DISTINCT FROM coalesce(counted.uses, 0)
      OR (coalesce(counted.uses, 0) = 0) <> (uploads.unused_since IS NOT NULL))
$$;
--> statement-breakpoint
-- Called by every server at start with its PUBLIC_URL; answers whether the address was new (and the uses recounted).
CREATE FUNCTION note_shop_address(shop_address text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_addresses (address) VALUES (shop_address) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM recount_upload_uses();
  RETURN true;
END
$$;
