CREATE TABLE "upload_removals" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_files" ALTER COLUMN "bytes" DROP NOT NULL;