CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
-- Orders placed before numbers existed get theirs in the order they were placed; new ones continue after them.
UPDATE "orders" SET "number" = numbered."number"
FROM (SELECT "id", 10000 + row_number() OVER (ORDER BY "order_time", "seq") AS "number" FROM "orders") AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('order_numbers', coalesce((SELECT max("number") FROM "orders"), 10000) + 1, false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_numbers');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");
