import { bigint, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "~/accounts/schema.server";
import { posts } from "~/catalog/schema.server";
import { createdAt } from "~/platform/db/columns.server";
import { UPLOAD_STATES } from "./upload-limits";

export const uploadStateEnum = pgEnum("upload_state", UPLOAD_STATES);

/**
 * A creator's resumable (tus) uploads. The tus store keeps the bytes; this row says whose they
 * are, so every tus request is checked against its owner, and counts the uploads in progress.
 */
export const studioUploads = pgTable(
  "studio_uploads",
  {
    /** The tus upload id (random, part of the upload URL). */
    id: text("id").primaryKey(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    state: uploadStateEnum("state").notNull().default("uploading"),
    /** The clip the finished upload became. */
    clipId: integer("clip_id").references(() => posts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("studio_uploads_creator_state_idx").on(t.creatorId, t.state),
    index("studio_uploads_state_created_idx").on(t.state, t.createdAt),
  ],
);
