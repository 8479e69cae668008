-- One name for one thing: the `posts` table (SPEC's name) is the catalogue's clips. A rename keeps
-- every row, sequence value, trigger and foreign key; the constraint and index names follow.
ALTER TABLE "posts" RENAME TO "clips";
--> statement-breakpoint
ALTER SEQUENCE "posts_id_seq" RENAME TO "clips_id_seq";
--> statement-breakpoint
ALTER TABLE "saved_videos" RENAME COLUMN "post_id" TO "clip_id";
--> statement-breakpoint
ALTER TABLE "clip_reports" RENAME COLUMN "post_id" TO "clip_id";
--> statement-breakpoint
ALTER TABLE "collection_items" RENAME COLUMN "post_id" TO "clip_id";
--> statement-breakpoint
-- Constraint names as drizzle-kit derives them from the new names (renaming a primary key or unique
-- constraint renames its index too), then the remaining indexes.
DO $$
DECLARE
  r record;
  renamed text;
BEGIN
  FOR r IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace AND conname LIKE '%post%'
  LOOP
    renamed := replace(replace(replace(r.conname, 'post_id', 'clip_id'), 'posts_', 'clips_'), '_user_post', '_user_clip');
    IF renamed <> r.conname THEN
      EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', r.tbl, r.conname, renamed);
    END IF;
  END LOOP;
  FOR r IN SELECT indexname FROM pg_indexes
      WHERE schemaname = 'public' AND indexname LIKE '%post%'
  LOOP
    renamed := replace(replace(r.indexname, 'posts_', 'clips_'), '_post_idx', '_clip_idx');
    IF renamed <> r.indexname THEN
      EXECUTE format('ALTER INDEX %I RENAME TO %I', r.indexname, renamed);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- SQL functions resolve table names when they run, so the two that read the table are written anew.
CREATE OR REPLACE FUNCTION search_postings_fill(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_postings (lexeme, clip_id, score, popularity, created_at, niche_id, sub_niche_id,
    license, duration_seconds, orientation, color_tone, mood, width, height)
  SELECT l.lexeme, p.id, ts_rank_cd(search_rank_weights(), p.search_vector, quote_literal(l.lexeme)::tsquery),
    p.saves_count + p.downloads_count, p.created_at, p.niche_id, p.sub_niche_id, p.license,
    p.duration_seconds, p.orientation, p.color_tone, p.mood, p.width, p.height
  FROM clips p CROSS JOIN LATERAL unnest(p.search_vector) l
  WHERE p.id = ANY(ids) AND p.status = 'published' AND p.search_vector IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_bigrams_fill(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_bigrams (lexeme, next_lexeme, clip_id)
  SELECT g.lexeme, g.next_lexeme, p.id
  FROM clips p CROSS JOIN LATERAL search_bigrams_of(p.search_vector) g
  WHERE p.id = ANY(ids) AND p.status = 'published' AND p.search_vector IS NOT NULL
$$;
