CREATE TABLE "category_tags" (
	"tag" text PRIMARY KEY NOT NULL
);
