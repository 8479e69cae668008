CREATE TABLE "clip_suggestion_decisions" (
	"clip_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"kind" text NOT NULL,
	"accepted" boolean NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_suggestion_decisions_clip_id_keyword_pk" PRIMARY KEY("clip_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "clip_suggestion_decisions" ADD CONSTRAINT "clip_suggestion_decisions_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_suggestion_decisions_kind_idx" ON "clip_suggestion_decisions" USING btree ("kind");