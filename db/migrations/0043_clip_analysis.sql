CREATE TABLE "clip_analysis" (
	"clip_id" integer PRIMARY KEY NOT NULL,
	"analyser_version" integer NOT NULL,
	"result" jsonb,
	"error" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_analysis_result_or_error" CHECK (("clip_analysis"."result" is null) <> ("clip_analysis"."error" is null))
);
--> statement-breakpoint
ALTER TABLE "clip_analysis" ADD CONSTRAINT "clip_analysis_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_analysis_version_idx" ON "clip_analysis" USING btree ("analyser_version");