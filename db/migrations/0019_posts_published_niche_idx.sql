-- Published clips of a niche (and sub-niche) newest first, with the other facet columns: a niche
-- filter without text walks this range (index-only) for its page and counts over it instead of
-- reading the niche's clips' wide rows.
CREATE INDEX "posts_published_niche_idx" ON "posts" ("niche_id", "sub_niche_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("license", "duration_seconds", "orientation", "color_tone", "mood", "width", "height")
  WHERE "status" = 'published';
