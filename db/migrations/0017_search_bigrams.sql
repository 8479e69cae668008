CREATE TABLE "search_bigrams" (
	"lexeme" text NOT NULL,
	"next_lexeme" text NOT NULL,
	"clip_id" integer NOT NULL,
	CONSTRAINT "search_bigrams_lexeme_next_lexeme_clip_id_pk" PRIMARY KEY("lexeme","next_lexeme","clip_id")
);
--> statement-breakpoint
ALTER TABLE "search_bigrams" ADD CONSTRAINT "search_bigrams_clip_id_posts_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_bigrams_clip_idx" ON "search_bigrams" USING btree ("clip_id");