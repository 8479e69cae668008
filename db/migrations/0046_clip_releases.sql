CREATE TYPE "public"."release_kind" AS ENUM('model', 'property');--> statement-breakpoint
CREATE TABLE "clip_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"clip_id" integer NOT NULL,
	"kind" "release_kind" NOT NULL,
	"person_count" smallint,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text,
	CONSTRAINT "clip_releases_person_count" CHECK (("clip_releases"."kind" = 'model' and "clip_releases"."person_count" between 1 and 50) or ("clip_releases"."kind" = 'property' and "clip_releases"."person_count" is null))
);
--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "people_count" smallint;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "people_released" boolean;--> statement-breakpoint
ALTER TABLE "search_postings" ADD COLUMN "people_count" smallint;--> statement-breakpoint
ALTER TABLE "search_postings" ADD COLUMN "people_released" boolean;--> statement-breakpoint
ALTER TABLE "clip_releases" ADD CONSTRAINT "clip_releases_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_releases" ADD CONSTRAINT "clip_releases_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_releases_clip_idx" ON "clip_releases" USING btree ("clip_id");--> statement-breakpoint
-- The postings copy the people columns like the other seen attributes (kept by the same trigger).
CREATE OR REPLACE FUNCTION search_postings_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('verdeo.search_postings_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.search_vector, NEW.status, NEW.created_at, NEW.niche_id, NEW.sub_niche_id, NEW.license,
        NEW.duration_seconds, NEW.orientation, NEW.color_tone, NEW.mood, NEW.width, NEW.height,
        NEW.camera_motion, NEW.single_shot, NEW.colour_names, NEW.people_count, NEW.people_released)
      IS NOT DISTINCT FROM (OLD.search_vector, OLD.status, OLD.created_at, OLD.niche_id, OLD.sub_niche_id,
        OLD.license, OLD.duration_seconds, OLD.orientation, OLD.color_tone, OLD.mood, OLD.width, OLD.height,
        OLD.camera_motion, OLD.single_shot, OLD.colour_names, OLD.people_count, OLD.people_released) THEN
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
      license, duration_seconds, orientation, color_tone, mood, width, height, camera_motion, single_shot,
      colour_names, people_count, people_released)
    SELECT l.lexeme, NEW.id,
      ts_rank_cd(search_rank_weights(), NEW.search_vector, quote_literal(l.lexeme)::tsquery),
      NEW.saves_count + NEW.downloads_count, NEW.created_at, NEW.niche_id, NEW.sub_niche_id, NEW.license,
      NEW.duration_seconds, NEW.orientation, NEW.color_tone, NEW.mood, NEW.width, NEW.height,
      NEW.camera_motion, NEW.single_shot, NEW.colour_names, NEW.people_count, NEW.people_released
    FROM unnest(NEW.search_vector) l;
    INSERT INTO search_bigrams (lexeme, next_lexeme, clip_id)
    SELECT g.lexeme, g.next_lexeme, NEW.id FROM search_bigrams_of(NEW.search_vector) g;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_fill(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_postings (lexeme, clip_id, score, popularity, created_at, niche_id, sub_niche_id,
    license, duration_seconds, orientation, color_tone, mood, width, height, camera_motion, single_shot,
    colour_names, people_count, people_released)
  SELECT l.lexeme, p.id, ts_rank_cd(search_rank_weights(), p.search_vector, quote_literal(l.lexeme)::tsquery),
    p.saves_count + p.downloads_count, p.created_at, p.niche_id, p.sub_niche_id, p.license,
    p.duration_seconds, p.orientation, p.color_tone, p.mood, p.width, p.height, p.camera_motion,
    p.single_shot, p.colour_names, p.people_count, p.people_released
  FROM clips p CROSS JOIN LATERAL unnest(p.search_vector) l
  WHERE p.id = ANY(ids) AND p.status = 'published' AND p.search_vector IS NOT NULL
$$;
--> statement-breakpoint
-- Both covering indexes carry the people columns too, so facet pages and counts stay index-only.
DROP INDEX IF EXISTS "search_postings_rank_idx";
--> statement-breakpoint
CREATE INDEX "search_postings_rank_idx" ON "search_postings"
  ("lexeme", "score" DESC, "popularity" DESC, "created_at" DESC, "clip_id" DESC)
  INCLUDE ("niche_id", "sub_niche_id", "license", "duration_seconds", "orientation", "color_tone", "mood",
    "width", "height", "camera_motion", "single_shot", "colour_names", "people_count", "people_released");
--> statement-breakpoint
DROP INDEX IF EXISTS "clips_published_newest_idx";
--> statement-breakpoint
CREATE INDEX "clips_published_newest_idx" ON "clips" ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("niche_id", "sub_niche_id", "license", "duration_seconds", "orientation", "color_tone", "mood",
    "width", "height", "camera_motion", "single_shot", "colour_names", "people_count", "people_released")
  WHERE "status" = 'published';
--> statement-breakpoint
-- The trigger fires on the facet columns it copies: the seen attributes of 0045 and the people columns
-- join them, so a published clip whose analysis or releases change is re-posted at once.
DROP TRIGGER IF EXISTS search_postings_refresh ON "clips";
--> statement-breakpoint
CREATE TRIGGER search_postings_refresh
  AFTER INSERT OR UPDATE OF search_vector, status, saves_count, downloads_count, created_at, niche_id,
    sub_niche_id, license, duration_seconds, orientation, color_tone, mood, width, height, camera_motion,
    single_shot, colour_names, people_count, people_released
  ON "clips" FOR EACH ROW EXECUTE FUNCTION search_postings_refresh();
