-- The weights of the search vector's parts for ts_rank_cd, in PostgreSQL's order {D, C, B, A}:
-- description 0.1, creator 0.2, tags and niche 0.4, title 1.0. One definition for the search
-- queries and the postings below.
CREATE FUNCTION search_rank_weights() RETURNS float4[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '{0.1, 0.2, 0.4, 1.0}'::float4[] $$;
--> statement-breakpoint
-- One lexeme's postings in the relevance order, with the facet columns, so pages and counts of a
-- one-word search are index-only scans that stop when they have enough.
CREATE INDEX "search_postings_rank_idx" ON "search_postings"
  ("lexeme", "score" DESC, "popularity" DESC, "created_at" DESC, "clip_id" DESC)
  INCLUDE ("niche_id", "sub_niche_id", "license", "duration_seconds", "orientation", "color_tone", "mood", "width", "height");
--> statement-breakpoint
-- The postings of the given published clips. A clip's score for a lexeme is ts_rank_cd of that
-- lexeme alone, exactly what a one-word search ranks by.
CREATE FUNCTION search_postings_fill(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_postings (lexeme, clip_id, score, popularity, created_at, niche_id, sub_niche_id,
    license, duration_seconds, orientation, color_tone, mood, width, height)
  SELECT l.lexeme, p.id, ts_rank_cd(search_rank_weights(), p.search_vector, quote_literal(l.lexeme)::tsquery),
    p.saves_count + p.downloads_count, p.created_at, p.niche_id, p.sub_niche_id, p.license,
    p.duration_seconds, p.orientation, p.color_tone, p.mood, p.width, p.height
  FROM posts p CROSS JOIN LATERAL unnest(p.search_vector) l
  WHERE p.id = ANY(ids) AND p.status = 'published' AND p.search_vector IS NOT NULL
$$;
--> statement-breakpoint
-- Keeps a clip's postings current. A popularity change only updates the count; any other change
-- of what the postings copy rebuilds them. A bulk reindex sets verdeo.search_postings_bulk for its
-- transaction and rebuilds every posting itself afterwards.
CREATE FUNCTION search_postings_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('verdeo.search_postings_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.search_vector, NEW.status, NEW.created_at, NEW.niche_id, NEW.sub_niche_id,
      NEW.license, NEW.duration_seconds, NEW.orientation, NEW.color_tone, NEW.mood, NEW.width, NEW.height)
    IS NOT DISTINCT FROM (OLD.search_vector, OLD.status, OLD.created_at, OLD.niche_id, OLD.sub_niche_id,
      OLD.license, OLD.duration_seconds, OLD.orientation, OLD.color_tone, OLD.mood, OLD.width, OLD.height) THEN
    IF NEW.saves_count + NEW.downloads_count <> OLD.saves_count + OLD.downloads_count THEN
      UPDATE search_postings SET popularity = NEW.saves_count + NEW.downloads_count WHERE clip_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  DELETE FROM search_postings WHERE clip_id = NEW.id;
  PERFORM search_postings_fill(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_postings_refresh
  AFTER INSERT OR UPDATE OF search_vector, status, saves_count, downloads_count, created_at, niche_id,
    sub_niche_id, license, duration_seconds, orientation, color_tone, mood, width, height
  ON posts FOR EACH ROW EXECUTE FUNCTION search_postings_refresh();
--> statement-breakpoint
SELECT search_postings_fill(array(SELECT id FROM posts));
