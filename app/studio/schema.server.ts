import type { Upload } from "@tus/server";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "~/accounts/schema.server";
import { clips } from "~/catalog/schema.server";
import { createdAt } from "~/platform/db/columns.server";
import { RELEASE_KINDS } from "./releases/release-rules";
import { UPLOAD_STATES } from "./uploads/upload-limits";

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
    /**
     * The client's own key for this upload (tus `Upload-Metadata` "uploadKey"): a retried start
     * with the same key answers with this upload instead of making a second one.
     */
    uploadKey: text("upload_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    state: uploadStateEnum("state").notNull().default("uploading"),
    /** The clip the finished upload became. */
    clipId: integer("clip_id").references(() => clips.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("studio_uploads_creator_state_idx").on(t.creatorId, t.state),
    index("studio_uploads_state_created_idx").on(t.state, t.createdAt),
    uniqueIndex("studio_uploads_creator_key_idx")
      .on(t.creatorId, t.uploadKey)
      .where(sql`${t.uploadKey} is not null and ${t.state} <> 'expired'`),
  ],
);

/**
 * Who is working on an upload right now (tus serialises the requests of one upload): a lease one
 * request holds and renews, shared by every web process (docs/decisions/0011-tus-locking.md).
 */
export const studioUploadLocks = pgTable("studio_upload_locks", {
  /** The tus upload id; not a reference: tus locks an id before its upload row exists. */
  uploadId: text("upload_id").primaryKey(),
  /** The holding request's random token: only it renews or releases the lease. */
  token: text("token").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** Set by a request waiting for the lease: the holder ends its request and lets go. */
  releaseRequested: boolean("release_requested").notNull().default(false),
});

/** What the tus S3 store records of an upload: tus's Upload, as JSON. */
export type TusUploadFields = ConstructorParameters<typeof Upload>[0];

/**
 * The tus S3 store's record of each unfinished upload (its multipart upload's id and the upload),
 * shared by every web process: whichever one a chunk reaches reads it here, not from the bucket's
 * `.info` object. Deleted when the upload finishes or goes; the upload sweep drops what is left.
 */
export const tusUploadMetadata = pgTable("tus_upload_metadata", {
  /** The tus upload id (also the upload's object key in the bucket). */
  id: text("id").primaryKey(),
  /** The bucket's id of the upload's multipart upload. */
  multipartUploadId: text("multipart_upload_id").notNull(),
  tusVersion: text("tus_version").notNull(),
  upload: jsonb("upload").$type<TusUploadFields>().notNull(),
  createdAt: createdAt(),
});

/**
 * What the creator did with each keyword the analysis suggested for a clip (media/analysis/
 * suggestions.ts), as of the last save: the share accepted per kind says which suggestions help.
 */
export const clipSuggestionDecisions = pgTable(
  "clip_suggestion_decisions",
  {
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    keyword: text("keyword").notNull(),
    /** colour, motion, time, mood, people or object (SUGGESTION_KINDS). */
    kind: text("kind").notNull(),
    accepted: boolean("accepted").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clipId, t.keyword] }),
    index("clip_suggestion_decisions_kind_idx").on(t.kind),
  ],
);

export const releaseKindEnum = pgEnum("release_kind", RELEASE_KINDS);

/**
 * Model and property releases a creator attaches to a clip (docs/decisions/0027-clip-analysis.md):
 * private files (storage key under `releases/<clip id>/`), seen by the creator and by staff only.
 * A clip showing recognisable people is approved only once model releases cover them.
 */
export const clipReleases = pgTable(
  "clip_releases",
  {
    id: serial("id").primaryKey(),
    clipId: integer("clip_id")
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    kind: releaseKindEnum("kind").notNull(),
    /** How many people a model release covers (1–50); null for a property release. */
    personCount: smallint("person_count"),
    storageKey: text("storage_key").notNull(),
    /** The uploaded file's name, cleaned of paths and control characters. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: text("uploaded_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    index("clip_releases_clip_idx").on(t.clipId),
    check(
      "clip_releases_person_count",
      sql`(${t.kind} = 'model' and ${t.personCount} between 1 and 50) or (${t.kind} = 'property' and ${t.personCount} is null)`,
    ),
  ],
);
