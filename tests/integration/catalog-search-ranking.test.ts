import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clips } from "~/catalog/schema.server";
import { COUNT_CAP, PAGE_SIZE, parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { db } from "~/platform/db/client.server";
import {
  type ClipInput,
  createClips,
  createClipsInRandomOrder,
  createProfile,
  FILLER_WORDS,
  seededRandom,
} from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const MATCHES = 5_000;
const WORD = "harbour";

/** Brute force: every match's rank computed one by one, then the full order sorted here. */
async function bruteForceOrder(): Promise<number[]> {
  const rows = await db().execute<{ id: number; rank: number; popularity: number; created: string }>(sql`
    select id, ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], search_vector, plainto_tsquery('english', ${WORD})) as rank,
      saves_count + downloads_count as popularity, extract(epoch from created_at)::float8::text as created
    from clips where status = 'published' and search_vector @@ plainto_tsquery('english', ${WORD})`);
  return rows.rows
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        b.popularity - a.popularity ||
        Number(b.created) - Number(a.created) ||
        b.id - a.id,
    )
    .map((row) => row.id);
}

beforeAll(async () => {
  const creator = await createProfile({ fullName: "Rank Tester" });
  const next = seededRandom(2026);
  const pick = () => FILLER_WORDS[Math.floor(next() * FILLER_WORDS.length)];
  const inputs: ClipInput[] = [];
  for (let index = 0; index < MATCHES + 500; index++) {
    const matching = index < MATCHES;
    // Where the word appears decides the rank: title, tags, several times in the description, or once.
    const place = next();
    const repeats = 1 + Math.floor(next() * 4);
    const words = Array.from({ length: 20 + Math.floor(next() * 20) }, pick);
    if (matching && place >= 0.1)
      for (let r = 0; r < repeats; r++) words.splice(Math.floor(next() * words.length), 0, WORD);
    inputs.push({
      title:
        `${pick()} ${pick()} ${matching && place < 0.05 ? WORD : pick()} ${matching && place < 0.02 ? WORD : ""}`.trim(),
      description: words.join(" "),
      tags: matching && place < 0.25 && place >= 0.05 ? [WORD, pick()] : [pick()],
      userId: creator.id,
      createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 3 * 365) * 86_400_000),
      // Ties of rank are common (the same words in the same places): popularity and date decide them.
    });
  }
  await createClipsInRandomOrder(inputs, next);
}, 120_000);

const search = (params: string) => searchClips(parseExploreQuery(new URLSearchParams(params)));

describe("ranking over every match", () => {
  it("finds all 5,000 matches and counts them exactly", async () => {
    const page = await search(`q=${WORD}`);
    expect(page).toMatchObject({ total: MATCHES, capped: false, pageCount: Math.ceil(MATCHES / PAGE_SIZE) });
  });

  it("the first page is the best-ranked 20 of all 5,000, as a brute-force ranking orders them", async () => {
    const expected = await bruteForceOrder();
    expect(expected).toHaveLength(MATCHES);
    const page = await search(`q=${WORD}`);
    expect(page.clips.slice(0, 20).map((clip) => clip.id)).toEqual(expected.slice(0, 20));
  });

  it("page 60 is the 60th slice of the same order", async () => {
    const expected = await bruteForceOrder();
    const page = await search(`q=${WORD}&page=60`);
    expect(page.page).toBe(60);
    expect(page.clips.map((clip) => clip.id)).toEqual(expected.slice(59 * PAGE_SIZE, 60 * PAGE_SIZE));
  });

  it("the last page holds the rest, and a page past the end is empty but still counted", async () => {
    const expected = await bruteForceOrder();
    const last = Math.ceil(MATCHES / PAGE_SIZE);
    const page = await search(`q=${WORD}&page=${last}`);
    expect(page.clips.map((clip) => clip.id)).toEqual(expected.slice((last - 1) * PAGE_SIZE));
    const beyond = await search(`q=${WORD}&page=${last + 1}`);
    expect(beyond).toMatchObject({ clips: [], total: MATCHES });
  });

  it("counts exactly up to 10,000, then says 10,000+", async () => {
    const [{ userId }] = await db().select({ userId: clips.userId }).from(clips).limit(1);
    const added = await db().execute<{ id: number }>(sql`
      insert into clips (title, thumbnail_url, video_url, user_id, niche_id, license, duration_seconds,
        orientation, color_tone, mood, width, height)
      select 'Busy ' || ${WORD} || ' ' || g, '/p.jpg', '/v.mp4', ${userId}, 'nature', 'standard', 10,
        'landscape', 'cool', 'calm', 640, 360
      from generate_series(1, ${COUNT_CAP - MATCHES}) g returning id`);
    await refreshSearchIndex(added.rows.map((row) => row.id));
    expect(await search(`q=${WORD}`)).toMatchObject({ total: COUNT_CAP, capped: false });
    const [extra] = await createClips([{ title: `One more ${WORD}`, userId }]);
    expect(extra).toBeGreaterThan(0);
    expect(await search(`q=${WORD}`)).toMatchObject({ total: COUNT_CAP, capped: true });
  }, 60_000);
});
