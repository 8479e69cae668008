import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { clips } from "~/catalog/schema.server";
import { createdAt } from "~/platform/db/columns.server";
import type { ClipAnalysisResult } from "./analysis/clip-analysis";

/**
 * Media's table: the clean (unwatermarked) files the pipeline made of a clip for its licensees,
 * kept private in storage and handed out only through signed links. One row per size; a clip whose
 * original is smaller than a size has no row for it.
 */
export const clipRenditions = pgTable(
  "clip_renditions",
  {
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    /** "1080p" or "720p": the rendition's shorter side. */
    name: text("name").notNull(),
    /** Private storage key, under the clip's folder (removed with it). */
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** "encode" (H.264 made from the decoded frames) or "remux" (the original's H.264 copied as it is). */
    method: text("method").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clipId, t.name] }),
    check("clip_renditions_name", sql`${t.name} in ('1080p', '720p')`),
    check("clip_renditions_method", sql`${t.method} in ('encode', 'remux')`),
    check("clip_renditions_size_positive", sql`${t.width} > 0 and ${t.height} > 0 and ${t.sizeBytes} > 0`),
  ],
);

/**
 * The day each uploaded clip renders on, against its creator's daily processing allowance
 * (media/processing/processing-budget.ts): booked once, when the clip's footage is known, and kept so the
 * days already used can be counted. Removed with the clip.
 */
export const clipProcessingDays = pgTable(
  "clip_processing_days",
  {
    clipId: integer("clip_id")
      .primaryKey()
      .references(() => clips.id, { onDelete: "cascade" }),
    /** The uploading creator (the clip's owner), counted per day. */
    creatorId: text("creator_id").notNull(),
    /** Midnight UTC of the day the render starts (not before). */
    day: timestamp("day", { withTimezone: true }).notNull(),
    /** The clip's footage in 1080p seconds. */
    footageSeconds: integer("footage_seconds").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("clip_processing_days_creator_day_idx").on(t.creatorId, t.day),
    check("clip_processing_days_footage_positive", sql`${t.footageSeconds} >= 0`),
  ],
);

/**
 * What the analyser (media/analysis/) found in a clip: one row per clip, replaced when the clip is
 * analysed again. `result` is null and `error` says why while an analysis has failed; the clip
 * itself is processed and published regardless (decision 0027).
 */
export const clipAnalysis = pgTable(
  "clip_analysis",
  {
    clipId: integer("clip_id")
      .primaryKey()
      .references(() => clips.id, { onDelete: "cascade" }),
    /** ANALYSER_VERSION that wrote the row; older rows are analysed again. */
    analyserVersion: integer("analyser_version").notNull(),
    result: jsonb("result").$type<ClipAnalysisResult>(),
    error: text("error"),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clip_analysis_version_idx").on(t.analyserVersion),
    check("clip_analysis_result_or_error", sql`(${t.result} is null) <> (${t.error} is null)`),
  ],
);
