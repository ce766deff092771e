ALTER TABLE "order_lines" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cancelled_by" CHECK ("order_lines"."cancelled_by" is null or "order_lines"."status" = 'cancelled');