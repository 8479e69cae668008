import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Role } from "~/accounts/people/roles";
import { profiles, user } from "~/accounts/schema.server";
import type { ClipStatus, ColorTone, License, Mood, Orientation } from "~/catalog/clips/attributes";
import { clips, searchTerms, subNiches } from "~/catalog/schema.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { db } from "~/platform/db/client.server";

const SIZES: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 640, height: 360 },
  portrait: { width: 360, height: 640 },
  square: { width: 480, height: 480 },
};

/** A user with a profile (no password: tests that need a session sign in another way). */
export async function createProfile(overrides: { fullName?: string; username?: string; role?: Role } = {}) {
  const id = `test-${randomBytes(6).toString("hex")}`;
  await db()
    .insert(user)
    .values({ id, name: overrides.fullName ?? "Test Creator", email: `${id}@example.test` });
  const [profile] = await db()
    .insert(profiles)
    .values({
      id,
      email: `${id}@example.test`,
      fullName: overrides.fullName ?? "Test Creator",
      username: overrides.username ?? id.replace("-", "_"),
      role: overrides.role ?? "creator",
    })
    .returning();
  return profile;
}

export interface ClipInput {
  title?: string;
  description?: string;
  userId: string;
  nicheId?: string;
  subNiche?: string;
  license?: License;
  durationSeconds?: number;
  orientation?: Orientation;
  colorTone?: ColorTone;
  mood?: Mood;
  tags?: string[];
  createdAt?: Date;
  status?: ClipStatus;
}

/** A small deterministic generator for generated catalogues, so a failing test can be replayed. */
export function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Words that match no test's search word: the rest of a generated title or description. */
export const FILLER_WORDS = "quiet morning light over calm water with soft colours and gentle movement".split(
  " ",
);

/**
 * The ranking tests' catalogue: clips inserted in a random order (physical order must not decide
 * which matches are ranked), in batches, then given saves and downloads that break ties of rank.
 */
export async function createClipsInRandomOrder(inputs: ClipInput[], random: () => number) {
  const shuffled = [...inputs];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  for (let start = 0; start < shuffled.length; start += 500)
    await createClips(shuffled.slice(start, start + 500));
  await db().execute(sql`
    update ${clips} set saves_count = (abs(hashtext(id::text)) % 7), downloads_count = (abs(hashtext(title)) % 3)`);
}

/** Inserts clips and refreshes their search columns. */
export async function createClips(inputs: ClipInput[]) {
  const subNicheRows = await db().select().from(subNiches);
  const rows = await db()
    .insert(clips)
    .values(
      inputs.map((input) => {
        const nicheId = input.nicheId ?? "nature";
        const orientation = input.orientation ?? "landscape";
        return {
          title: input.title ?? "Quiet Lake Morning",
          description: input.description ?? "",
          thumbnailUrl: "/media/posters/test.jpg",
          videoUrl: "/media/clips/test.mp4",
          userId: input.userId,
          nicheId,
          subNicheId: input.subNiche
            ? subNicheRows.find((sub) => sub.nicheId === nicheId && sub.name === input.subNiche)?.id
            : null,
          license: input.license ?? "standard",
          durationSeconds: input.durationSeconds ?? 20,
          orientation,
          colorTone: input.colorTone ?? "neutral",
          mood: input.mood ?? "calm",
          tags: input.tags ?? [],
          ...SIZES[orientation],
          createdAt: input.createdAt,
          status: input.status,
        };
      }),
    )
    .returning({ id: clips.id });
  await refreshSearchIndex(rows.map((row) => row.id));
  return rows.map((row) => row.id);
}

export async function createClip(input: ClipInput) {
  const [id] = await createClips([input]);
  return id;
}

export async function deleteAllClips() {
  await db().delete(clips);
  await db().delete(searchTerms);
}

export async function clipTitle(id: number) {
  const [row] = await db().select({ title: clips.title }).from(clips).where(eq(clips.id, id));
  return row?.title;
}
