CREATE TABLE "clip_processing_days" (
	"clip_id" integer PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"footage_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_processing_days_footage_positive" CHECK ("clip_processing_days"."footage_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "studio_uploads" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "clip_processing_days" ADD CONSTRAINT "clip_processing_days_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_processing_days_creator_day_idx" ON "clip_processing_days" USING btree ("creator_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_uploads_creator_key_idx" ON "studio_uploads" USING btree ("creator_id","upload_key") WHERE "studio_uploads"."upload_key" is not null and "studio_uploads"."state" <> 'expired';