CREATE TYPE "public"."upload_state" AS ENUM('uploading', 'completed', 'expired');--> statement-breakpoint
CREATE TABLE "studio_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"state" "upload_state" DEFAULT 'uploading' NOT NULL,
	"clip_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "duplicate_of_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "processing_progress" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_uploads" ADD CONSTRAINT "studio_uploads_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_uploads" ADD CONSTRAINT "studio_uploads_clip_id_posts_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_uploads_creator_state_idx" ON "studio_uploads" USING btree ("creator_id","state");--> statement-breakpoint
CREATE INDEX "studio_uploads_state_created_idx" ON "studio_uploads" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_duplicate_of_id_posts_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;