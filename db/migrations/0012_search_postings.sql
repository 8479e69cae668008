CREATE TABLE "search_postings" (
	"lexeme" text NOT NULL,
	"clip_id" integer NOT NULL,
	"score" real NOT NULL,
	"popularity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"niche_id" text NOT NULL,
	"sub_niche_id" integer,
	"license" "license" NOT NULL,
	"duration_seconds" integer NOT NULL,
	"orientation" "orientation" NOT NULL,
	"color_tone" "color_tone" NOT NULL,
	"mood" "mood" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "search_postings_lexeme_clip_id_pk" PRIMARY KEY("lexeme","clip_id")
);
--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_clip_id_posts_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_postings_clip_idx" ON "search_postings" USING btree ("clip_id");