-- The primary key carries each posting's score, so looking up a clip's score for a word (the second
-- of two words, probed for each candidate of the first) reads the index alone.
ALTER TABLE "search_postings" DROP CONSTRAINT "search_postings_lexeme_clip_id_pk";
--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_lexeme_clip_id_pk" PRIMARY KEY ("lexeme", "clip_id") INCLUDE ("score");
