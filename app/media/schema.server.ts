import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { clips } from "~/catalog/schema.server";
import { createdAt } from "~/platform/db/columns.server";

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
