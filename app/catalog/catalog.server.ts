import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { db } from "~/platform/db/client.server";
import type { CatalogClip } from "./catalog-clip";
import { clipColumns, isPublished } from "./clip-columns.server";
import { niches, posts, subNiches } from "./schema.server";

export interface Niche {
  id: string;
  name: string;
  icon: string;
  thumbnailUrl: string;
  subNiches: string[];
}

/** The niches in display order, each with its sub-niche names. */
export async function listNiches(): Promise<Niche[]> {
  const [nicheRows, subRows] = await Promise.all([
    db().select().from(niches).orderBy(asc(niches.displayOrder)),
    db().select().from(subNiches).orderBy(asc(subNiches.displayOrder)),
  ]);
  return nicheRows.map((niche) => ({
    id: niche.id,
    name: niche.name,
    icon: niche.icon,
    thumbnailUrl: niche.thumbnailUrl,
    subNiches: subRows.filter((sub) => sub.nicheId === niche.id).map((sub) => sub.name),
  }));
}

function selectClips() {
  return db()
    .select(clipColumns)
    .from(posts)
    .innerJoin(niches, eq(niches.id, posts.nicheId))
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(subNiches, eq(subNiches.id, posts.subNicheId));
}

/** A published clip with its creator, or undefined. */
export async function findClip(id: number): Promise<CatalogClip | undefined> {
  const [clip] = await selectClips()
    .where(and(eq(posts.id, id), isPublished))
    .limit(1);
  return clip;
}

/** The given clips in the given order (missing ids are skipped). */
export async function listClipsByIds(ids: number[]): Promise<CatalogClip[]> {
  if (ids.length === 0) return [];
  const rows = await selectClips().where(and(inArray(posts.id, ids), isPublished));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every clip's id and date, for the sitemap. */
export async function listClipDates(): Promise<{ id: number; createdAt: Date }[]> {
  return db()
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(isPublished)
    .orderBy(desc(posts.createdAt));
}

/** The most saved and downloaded clips, newest first among equals. */
export async function listPopularClips(limit: number): Promise<CatalogClip[]> {
  return selectClips()
    .where(isPublished)
    .orderBy(
      sql`(${posts.savesCount} + ${posts.downloadsCount}) desc`,
      sql`${posts.createdAt} desc nulls last`,
      sql`${posts.id} desc nulls last`,
    )
    .limit(limit);
}
