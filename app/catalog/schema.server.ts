import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "~/accounts/schema.server";
import { createdAt, tsvector } from "~/platform/db/columns.server";
import { CLIP_STATUSES, COLOR_TONES, LICENSES, MOODS, ORIENTATIONS } from "./clips/attributes";
import { REPORT_REASONS, REPORT_STATUSES } from "./clips/clip-report";
import { COLLECTION_VISIBILITIES } from "./collections/collection-rules";

/** The catalogue's tables: niches, clips, search vocabulary and statistics, saved clips, collections. */
export const licenseEnum = pgEnum("license", LICENSES);
export const orientationEnum = pgEnum("orientation", ORIENTATIONS);
export const colorToneEnum = pgEnum("color_tone", COLOR_TONES);
export const moodEnum = pgEnum("mood", MOODS);
export const clipStatusEnum = pgEnum("clip_status", CLIP_STATUSES);
export const reportReasonEnum = pgEnum("clip_report_reason", REPORT_REASONS);
export const reportStatusEnum = pgEnum("clip_report_status", REPORT_STATUSES);

export const niches = pgTable("niches", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  icon: text("icon").notNull(),
  thumbnailUrl: text("thumbnail_url").notNull(),
  displayOrder: integer("display_order").notNull(),
});

export const subNiches = pgTable(
  "sub_niches",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    nicheId: text("niche_id")
      .notNull()
      .references(() => niches.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    displayOrder: integer("display_order").notNull(),
  },
  (t) => [unique("sub_niches_niche_name").on(t.nicheId, t.name)],
);

export const clips = pgTable(
  "clips",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    thumbnailUrl: text("thumbnail_url").notNull(),
    videoUrl: text("video_url").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    nicheId: text("niche_id")
      .notNull()
      .references(() => niches.id),
    subNicheId: integer("sub_niche_id").references(() => subNiches.id),
    license: licenseEnum("license").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    orientation: orientationEnum("orientation").notNull(),
    colorTone: colorToneEnum("color_tone").notNull(),
    mood: moodEnum("mood").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Title, tags, description, niche, sub-niche and creator name; kept current by the catalogue service. */
    searchVector: tsvector("search_vector"),
    /** The same words as plain text, for pg_trgm typo tolerance. */
    searchText: text("search_text").notNull().default(""),
    // What the media pipeline learnt and made (written through catalog services, read by the pages).
    /** Watermarked 720p H.264 preview (public); `videoUrl` is kept for clips made before the pipeline. */
    previewUrl: text("preview_url"),
    /** A small preview for grids, played on hover. */
    previewSmallUrl: text("preview_small_url"),
    /** WebVTT storyboard (one sprite frame a second) for hover scrubbing. */
    storyboardUrl: text("storyboard_url"),
    frameRate: real("frame_rate"),
    codec: text("codec"),
    bitrate: integer("bitrate"),
    fileSizeBytes: bigint("file_size_bytes", { mode: "number" }),
    /** Storage key of the private original: served to licensees through signed links only. */
    originalKey: text("original_key"),
    /** Perceptual hashes (64-bit dHash) of sampled frames, for duplicate detection and "similar clips". */
    fingerprint: bigint("fingerprint", { mode: "bigint" }).array(),
    // What the analysis saw (written through catalog's seen-attributes service; Explore filters by it).
    /** CAMERA_MOTIONS, or null when not analysed or the frames disagree. */
    cameraMotion: text("camera_motion"),
    /** No cut found; null until analysed. */
    singleShot: boolean("single_shot"),
    /** COLOUR_NAMES of the colours that fill at least a fifth of the frames. */
    colourNames: text("colour_names").array().notNull().default(sql`'{}'::text[]`),
    /** People seen (catalog/clips/seen-people.ts): 0, 1, or 2 for two or more; null until analysed. */
    peopleCount: smallint("people_count"),
    /** The people seen are covered by model releases (the approval rule); null until analysed. */
    peopleReleased: boolean("people_released"),
    /** Common objects the analysis saw in a third of the frames or more (COCO labels): "similar clips". */
    objectNames: text("object_names").array().notNull().default(sql`'{}'::text[]`),
    /** Popularity, kept by the services that save and license clips; ranking tie-breakers. */
    savesCount: integer("saves_count").notNull().default(0),
    downloadsCount: integer("downloads_count").notNull().default(0),
    /** Rows that predate the studio were published by the seed; new uploads start as processing. */
    status: clipStatusEnum("status").notNull().default("published"),
    /** Why a clip is rejected, failed or unpublished, in words its creator reads in the studio. */
    statusReason: text("status_reason"),
    /** An earlier clip this one looks like (close fingerprint): shown to reviewers as a likely duplicate. */
    duplicateOfId: integer("duplicate_of_id").references((): AnyPgColumn => clips.id, {
      onDelete: "set null",
    }),
    /** How far the media pipeline is with a processing clip, 0–100. */
    processingProgress: smallint("processing_progress").notNull().default(100),
    /** When the clip entered its status: a clip "stuck in processing" is measured from it, not from the upload. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check("clips_duration_positive", sql`${t.durationSeconds} > 0`),
    check("clips_size_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    index("clips_user_created_idx").on(t.userId, t.createdAt),
    index("clips_status_idx").on(t.status),
    // "Newest first" over the whole catalogue walks this instead of sorting it.
    index("clips_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("clips_niche_idx").on(t.nicheId, t.subNicheId),
    // The other sorts of the catalogue walk these (published clips only) instead of sorting every row.
    index("clips_popular_idx")
      .on(sql`(${t.savesCount} + ${t.downloadsCount}) desc`, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index("clips_shortest_idx")
      .on(t.durationSeconds.asc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index("clips_longest_idx")
      .on(t.durationSeconds.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index("clips_search_vector_idx").using("gin", t.searchVector),
    // "Similar clips" finds clips sharing a tag through this.
    index("clips_tags_idx").using("gin", t.tags),
    index("clips_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The search index's postings: one row per (lexeme, published clip), holding that clip's exact
 * ts_rank_cd for the lexeme alone (the weighted count of its occurrences), its popularity and date,
 * and copies of the facet columns. A one-word relevance search walks one lexeme's postings in the
 * final order (score, popularity, newest) and stops after the page, and counts and facet counts read
 * the postings alone, so the work per query no longer grows with how many clips match. Kept by the
 * `search_postings_refresh` trigger on clips (custom migration), rebuilt in bulk by the reindex.
 */
export const searchPostings = pgTable(
  "search_postings",
  {
    lexeme: text("lexeme").notNull(),
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    score: real("score").notNull(),
    popularity: integer("popularity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    nicheId: text("niche_id").notNull(),
    subNicheId: integer("sub_niche_id"),
    license: licenseEnum("license").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    orientation: orientationEnum("orientation").notNull(),
    colorTone: colorToneEnum("color_tone").notNull(),
    mood: moodEnum("mood").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    cameraMotion: text("camera_motion"),
    singleShot: boolean("single_shot"),
    colourNames: text("colour_names").array().notNull().default(sql`'{}'::text[]`),
    peopleCount: smallint("people_count"),
    peopleReleased: boolean("people_released"),
  },
  (t) => [
    // Excluded words look a (lexeme, clip) pair up here, and two words the second word's score: the
    // custom migration adds INCLUDE (score), which drizzle cannot declare.
    primaryKey({ columns: [t.lexeme, t.clipId] }),
    index("search_postings_clip_idx").on(t.clipId),
    // search_postings_rank_idx (lexeme, score desc, popularity desc, created_at desc, clip_id desc)
    // INCLUDE (the facet columns) is in the custom migration: drizzle cannot declare INCLUDE.
  ],
);

/**
 * The search index's bigrams: one row per pair of lexemes that stand side by side (positions p and
 * p + 1) in a published clip's search vector. A quoted phrase matches only clips that hold every
 * adjacent pair of its words, and two loose words earn the phrase boost only in clips that hold
 * their pair, so a phrase search ranks these few clips instead of every clip with all the words.
 * Kept with the postings by the same trigger, rebuilt in bulk by the reindex.
 */
export const searchBigrams = pgTable(
  "search_bigrams",
  {
    lexeme: text("lexeme").notNull(),
    nextLexeme: text("next_lexeme").notNull(),
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.lexeme, t.nextLexeme, t.clipId] }),
    index("search_bigrams_clip_idx").on(t.clipId),
  ],
);

/**
 * The distinct words of the catalogue's search text. A misspelt query word is corrected against
 * this small table with pg_trgm, then searched with full text: far cheaper than a trigram scan of
 * every clip's text.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
    /** How many clips use the word; a tie-break between equally close corrections. */
    documents: integer("documents").notNull(),
  },
  (t) => [
    index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
    // Prefix lookups for suggestions ("yac" → yacht).
    index("search_terms_prefix_idx").using("btree", sql`${t.term} text_pattern_ops`, t.documents.desc()),
  ],
);

/** The distinct tags of published clips with how many clips carry each: suggestions complete tags. */
export const clipTags = pgTable(
  "clip_tags",
  {
    tag: text("tag").primaryKey(),
    clips: integer("clips").notNull(),
  },
  (t) => [index("clip_tags_prefix_idx").using("btree", sql`${t.tag} text_pattern_ops`, t.clips.desc())],
);

/**
 * What people search, counted per day: the normalised text and how many results it had. No user,
 * session or address is kept, so nothing here is personal data.
 */
export const searchQueryStats = pgTable(
  "search_query_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(0),
    /** Results the last search of the day found (capped like the page's count). */
    results: integer("results").notNull(),
    /** The first result of the last search of the day: the poster of a "top search" (not a reference). */
    topClipId: integer("top_clip_id"),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.query] }),
    index("search_query_stats_prefix_idx").using("btree", sql`${t.query} text_pattern_ops`, t.day),
  ],
);

export const savedClips = pgTable(
  "saved_clips",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("saved_clips_user_clip").on(t.userId, t.clipId),
    index("saved_clips_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** Visitors' "Report this clip" submissions; staff resolve or dismiss them in the console. */
export const clipReports = pgTable(
  "clip_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    /** Null for a visitor who was not signed in. */
    reporterId: text("reporter_id").references(() => profiles.id, { onDelete: "set null" }),
    reason: reportReasonEnum("reason").notNull(),
    details: text("details").notNull(),
    status: reportStatusEnum("status").notNull().default("open"),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("clip_reports_status_created_idx").on(t.status, t.createdAt),
    index("clip_reports_clip_idx").on(t.clipId),
  ],
);

export const collectionVisibilityEnum = pgEnum("collection_visibility", COLLECTION_VISIBILITIES);

/** A user's named shortlist of clips; shared read-only through its unguessable token when not private. */
export const collections = pgTable(
  "collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    visibility: collectionVisibilityEnum("visibility").notNull().default("private"),
    /** The link's secret (128 random bits, base64url); new on every share so an old link stops working. */
    shareToken: text("share_token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("collections_user_name").on(t.userId, t.name),
    index("collections_user_updated_idx").on(t.userId, t.updatedAt),
  ],
);

export const collectionItems = pgTable(
  "collection_items",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    /** Order in the collection, smallest first; the owner reorders. */
    position: integer("position").notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.clipId] }),
    index("collection_items_clip_idx").on(t.clipId),
  ],
);

/** A member following a creator: their API webhooks hear when the creator publishes a clip. */
export const creatorFollows = pgTable(
  "creator_follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.creatorId] }),
    check("creator_follows_not_self", sql`${t.followerId} <> ${t.creatorId}`),
    // A creator's followers in id order: the publication fan-out pages through them (a keyset).
    index("creator_follows_creator_idx").on(t.creatorId, t.followerId),
  ],
);
