-- The adjacent pairs of lexemes of a search vector: (a, b) when a stands at some position p and b
-- at p + 1, exactly what the phrase operator <-> tests.
CREATE FUNCTION search_bigrams_of(vector tsvector) RETURNS TABLE (lexeme text, next_lexeme text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT a.lexeme, b.lexeme
  FROM (SELECT l.lexeme, unnest(l.positions) AS pos FROM unnest(vector) l) a
  JOIN (SELECT l.lexeme, unnest(l.positions) AS pos FROM unnest(vector) l) b ON b.pos = a.pos + 1
$$;
--> statement-breakpoint
-- The bigrams of the given published clips (the bulk reindex and this migration).
CREATE FUNCTION search_bigrams_fill(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_bigrams (lexeme, next_lexeme, clip_id)
  SELECT g.lexeme, g.next_lexeme, p.id
  FROM posts p CROSS JOIN LATERAL search_bigrams_of(p.search_vector) g
  WHERE p.id = ANY(ids) AND p.status = 'published' AND p.search_vector IS NOT NULL
$$;
--> statement-breakpoint
-- As before (postings from the changed row itself), and the clip's bigrams with them.
CREATE OR REPLACE FUNCTION search_postings_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('verdeo.search_postings_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.search_vector, NEW.status, NEW.created_at, NEW.niche_id, NEW.sub_niche_id, NEW.license,
        NEW.duration_seconds, NEW.orientation, NEW.color_tone, NEW.mood, NEW.width, NEW.height)
      IS NOT DISTINCT FROM (OLD.search_vector, OLD.status, OLD.created_at, OLD.niche_id, OLD.sub_niche_id,
        OLD.license, OLD.duration_seconds, OLD.orientation, OLD.color_tone, OLD.mood, OLD.width, OLD.height) THEN
      IF NEW.saves_count + NEW.downloads_count <> OLD.saves_count + OLD.downloads_count THEN
        UPDATE search_postings SET popularity = NEW.saves_count + NEW.downloads_count WHERE clip_id = NEW.id;
      END IF;
      RETURN NULL;
    END IF;
    DELETE FROM search_postings WHERE clip_id = NEW.id;
    DELETE FROM search_bigrams WHERE clip_id = NEW.id;
  END IF;
  IF NEW.status = 'published' AND NEW.search_vector IS NOT NULL THEN
    INSERT INTO search_postings (lexeme, clip_id, score, popularity, created_at, niche_id, sub_niche_id,
      license, duration_seconds, orientation, color_tone, mood, width, height)
    SELECT l.lexeme, NEW.id,
      ts_rank_cd(search_rank_weights(), NEW.search_vector, quote_literal(l.lexeme)::tsquery),
      NEW.saves_count + NEW.downloads_count, NEW.created_at, NEW.niche_id, NEW.sub_niche_id, NEW.license,
      NEW.duration_seconds, NEW.orientation, NEW.color_tone, NEW.mood, NEW.width, NEW.height
    FROM unnest(NEW.search_vector) l;
    INSERT INTO search_bigrams (lexeme, next_lexeme, clip_id)
    SELECT g.lexeme, g.next_lexeme, NEW.id FROM search_bigrams_of(NEW.search_vector) g;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT search_bigrams_fill(array(SELECT id FROM posts));
--> statement-breakpoint
-- Published clips newest first with the facet columns: a facet filter without text walks this
-- (index-only) for its page and counts over it instead of reading every clip's wide row.
CREATE INDEX "posts_published_newest_idx" ON "posts" ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("niche_id", "sub_niche_id", "license", "duration_seconds", "orientation", "color_tone", "mood", "width", "height")
  WHERE "status" = 'published';
