import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { db } from "~/platform/db/client.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/paging";
import type { ClipStatus } from "./attributes";
import { niches, posts } from "./schema.server";

/** The staff console's view of clips: any status, with creator and media details. */
const staffClipColumns = {
  id: posts.id,
  title: posts.title,
  description: posts.description,
  status: posts.status,
  thumbnailUrl: posts.thumbnailUrl,
  videoUrl: posts.videoUrl,
  previewUrl: posts.previewUrl,
  originalKey: posts.originalKey,
  durationSeconds: posts.durationSeconds,
  width: posts.width,
  height: posts.height,
  frameRate: posts.frameRate,
  codec: posts.codec,
  bitrate: posts.bitrate,
  fileSizeBytes: posts.fileSizeBytes,
  license: posts.license,
  orientation: posts.orientation,
  colorTone: posts.colorTone,
  mood: posts.mood,
  tags: posts.tags,
  nicheName: niches.name,
  createdAt: posts.createdAt,
  creatorId: posts.userId,
  creatorName: profiles.fullName,
  creatorUsername: profiles.username,
  creatorEmail: profiles.email,
  creatorRole: profiles.role,
  creatorSince: profiles.createdAt,
  statusReason: posts.statusReason,
  duplicateOfId: posts.duplicateOfId,
};
export type StaffClip = NonNullable<Awaited<ReturnType<typeof findClipForStaff>>>;

function selectStaffClips() {
  return db()
    .select(staffClipColumns)
    .from(posts)
    .innerJoin(niches, eq(niches.id, posts.nicheId))
    .innerJoin(profiles, eq(profiles.id, posts.userId));
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
  if (filter.status) conditions.push(eq(posts.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const byText = or(
      ilike(posts.title, pattern),
      ilike(profiles.username, pattern),
      ilike(profiles.email, pattern),
    )!;
    const id = /^\d{1,9}$/.test(filter.q) ? Number(filter.q) : null;
    conditions.push(id === null ? byText : or(byText, eq(posts.id, id))!);
  }
  const where = and(...conditions);
  const order = {
    newest: [desc(posts.createdAt), desc(posts.id)],
    oldest: [asc(posts.createdAt), asc(posts.id)],
    title: [asc(posts.title), asc(posts.id)],
  }[filter.sort];
  const [rows, [total]] = await Promise.all([
    selectStaffClips()
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db()
      .select({ value: count() })
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.userId))
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
  const [clip] = await selectStaffClips().where(eq(posts.id, id)).limit(1);
  return clip ?? null;
}

export async function countClipsByStatus(): Promise<Partial<Record<ClipStatus, number>>> {
  const rows = await db().select({ status: posts.status, value: count() }).from(posts).groupBy(posts.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.value]));
}
