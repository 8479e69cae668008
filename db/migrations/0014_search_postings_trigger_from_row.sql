-- A clip's postings are written from the changed row itself (no read of posts: during a bulk
-- insert the planner, without statistics yet, scanned posts for every row), and a new clip
-- without a search vector (every insert before its search columns are computed) costs nothing.
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
  END IF;
  IF NEW.status = 'published' AND NEW.search_vector IS NOT NULL THEN
    INSERT INTO search_postings (lexeme, clip_id, score, popularity, created_at, niche_id, sub_niche_id,
      license, duration_seconds, orientation, color_tone, mood, width, height)
    SELECT l.lexeme, NEW.id,
      ts_rank_cd(search_rank_weights(), NEW.search_vector, quote_literal(l.lexeme)::tsquery),
      NEW.saves_count + NEW.downloads_count, NEW.created_at, NEW.niche_id, NEW.sub_niche_id, NEW.license,
      NEW.duration_seconds, NEW.orientation, NEW.color_tone, NEW.mood, NEW.width, NEW.height
    FROM unnest(NEW.search_vector) l;
  END IF;
  RETURN NULL;
END $$;
