import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { db } from "~/platform/db/client.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import { clips, niches } from "../schema.server";
import type { ClipStatus } from "./attributes";

/** The staff console's view of clips: any status, with creator and media details. */
const staffClipColumns = {
  id: clips.id,
  title: clips.title,
  description: clips.description,
  status: clips.status,
  thumbnailUrl: clips.thumbnailUrl,
  videoUrl: clips.videoUrl,
  previewUrl: clips.previewUrl,
  originalKey: clips.originalKey,
  durationSeconds: clips.durationSeconds,
  width: clips.width,
  height: clips.height,
  frameRate: clips.frameRate,
  codec: clips.codec,
  bitrate: clips.bitrate,
  fileSizeBytes: clips.fileSizeBytes,
  license: clips.license,
  orientation: clips.orientation,
  colorTone: clips.colorTone,
  mood: clips.mood,
  tags: clips.tags,
  nicheName: niches.name,
  createdAt: clips.createdAt,
  creatorId: clips.userId,
  creatorName: profiles.fullName,
  creatorUsername: profiles.username,
  creatorEmail: profiles.email,
  creatorRole: profiles.role,
  creatorSince: profiles.createdAt,
  statusReason: clips.statusReason,
  duplicateOfId: clips.duplicateOfId,
};
export type StaffClip = NonNullable<Awaited<ReturnType<typeof findClipForStaff>>>;

function selectStaffClips() {
  return db()
    .select(staffClipColumns)
    .from(clips)
    .innerJoin(niches, eq(niches.id, clips.nicheId))
    .innerJoin(profiles, eq(profiles.id, clips.userId));
}

export const STAFF_CLIP_SORTS = ["newest", "oldest", "title"] as const;
export type StaffClipSort = (typeof STAFF_CLIP_SORTS)[number];

export interface StaffClipFilter {
  q?: string;
  status?: ClipStatus;
  sort: StaffClipSort;
  page: number;
}

/** Every clip in any state, searched by title, id, or creator. */
export async function searchClipsForStaff(filter: StaffClipFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(clips.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const byText = or(
      ilike(clips.title, pattern),
      ilike(profiles.username, pattern),
      ilike(profiles.email, pattern),
    )!;
    const id = /^\d{1,9}$/.test(filter.q) ? Number(filter.q) : null;
    conditions.push(id === null ? byText : or(byText, eq(clips.id, id))!);
  }
  const where = and(...conditions);
  const order = {
    newest: [desc(clips.createdAt), desc(clips.id)],
    oldest: [asc(clips.createdAt), asc(clips.id)],
    title: [asc(clips.title), asc(clips.id)],
  }[filter.sort];
  const [rows, [total]] = await Promise.all([
    selectStaffClips()
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db()
      .select({ value: count() })
      .from(clips)
      .innerJoin(profiles, eq(profiles.id, clips.userId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0, page: filter.page, pageSize: PAGE_SIZE } satisfies Page<
    (typeof rows)[number]
  >;
}

/** The review queue: clips in review, oldest submission first. */
export async function listClipsInReview(page: number) {
  return searchClipsForStaff({ status: "in_review", sort: "oldest", page });
}

export async function findClipForStaff(id: number) {
  const [clip] = await selectStaffClips().where(eq(clips.id, id)).limit(1);
  return clip ?? null;
}

export async function countClipsByStatus(): Promise<Partial<Record<ClipStatus, number>>> {
  const rows = await db().select({ status: clips.status, value: count() }).from(clips).groupBy(clips.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.value]));
}
