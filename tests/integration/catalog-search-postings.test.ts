import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clips } from "~/catalog/schema.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { FILTER_VALUES } from "~/catalog/search/explore-url";
import {
  countFacets,
  countMatches,
  countMatchesByPostings,
  FACET_NAMES,
  findPostingsPlan,
  pageIdsStatement,
} from "~/catalog/search/search.queries.server";
import { searchClips } from "~/catalog/search/search.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { parseSearchText } from "~/catalog/search/search-text";
import { db } from "~/platform/db/client.server";
import { type ClipInput, createClips, createProfile, seededRandom } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const WORDS = "lantern harbour misty dawn ferry gull crane pier fog tide rope anchor".split(" ");
const query = (search: string) => parseExploreQuery(new URLSearchParams(search));
const ids = async (search: string) => (await searchClips(query(search))).clips.map((clip) => clip.id);

/** Postings that disagree with the clip's own search vector, in either direction. */
async function stalePostings() {
  const rows = await db().execute<{ n: number }>(sql`
    with expected as (
      select l.lexeme, p.id as clip_id,
        ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, quote_literal(l.lexeme)::tsquery) as score,
        p.saves_count + p.downloads_count as popularity
      from clips p cross join lateral unnest(p.search_vector) l
      where p.status = 'published'
    )
    select count(*)::int as n from expected e
    full join search_postings s on s.lexeme = e.lexeme and s.clip_id = e.clip_id
    where s.clip_id is null or e.clip_id is null or s.score <> e.score or s.popularity <> e.popularity`);
  return rows.rows[0].n;
}

/** Bigrams that disagree with the adjacent lexemes of a published clip's search vector, either way. */
async function staleBigrams() {
  const rows = await db().execute<{ n: number }>(sql`
    with expected as (
      select distinct a.lexeme, b.lexeme as next_lexeme, p.id as clip_id
      from clips p
      cross join lateral (select l.lexeme, unnest(l.positions) as pos from unnest(p.search_vector) l) a
      cross join lateral (select l.lexeme, unnest(l.positions) as pos from unnest(p.search_vector) l) b
      where p.status = 'published' and b.pos = a.pos + 1
    )
    select count(*)::int as n from expected e
    full join search_bigrams s on s.lexeme = e.lexeme and s.next_lexeme = e.next_lexeme and s.clip_id = e.clip_id
    where s.clip_id is null or e.clip_id is null`);
  return rows.rows[0].n;
}

let clipIds: number[] = [];

beforeAll(async () => {
  const creator = await createProfile({ fullName: "Posting Tester" });
  const next = seededRandom(7);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)];
  const inputs: ClipInput[] = Array.from({ length: 300 }, (_, index) => ({
    title: `${pick()} ${pick()} ${pick()}`,
    description: Array.from({ length: 12 }, pick).join(" "),
    tags: [pick(), pick()],
    userId: creator.id,
    nicheId: (["nature", "luxury", "business"] as const)[index % 3],
    license: index % 2 ? "standard" : "extended",
    orientation: (["landscape", "portrait", "square"] as const)[index % 3],
    mood: (["calm", "cinematic", "energetic"] as const)[index % 3],
    durationSeconds: 5 + (index % 40),
    createdAt: new Date(Date.UTC(2025, 0, 1) + index * 3_600_000),
  }));
  clipIds = await createClips(inputs);
  await db().execute(sql`update ${clips} set saves_count = id % 5, downloads_count = id % 2`);
}, 60_000);

describe("search postings", () => {
  it("hold each published clip's exact ts_rank_cd for every lexeme and its popularity, kept by the trigger", async () => {
    expect(await stalePostings()).toBe(0);
  });

  it("keep each published clip's adjacent pairs of lexemes as bigrams", async () => {
    expect(await staleBigrams()).toBe(0);
    const [{ n }] = (await db().execute<{ n: number }>(sql`select count(*)::int as n from search_bigrams`))
      .rows;
    expect(n).toBeGreaterThan(0);
  });

  it("follow a change of title, an unpublished clip and a full reindex", async () => {
    const [first, second] = clipIds;
    await db().update(clips).set({ title: "Solitary Zeppelin" }).where(eq(clips.id, first));
    await refreshSearchIndex([first]);
    expect(await ids("q=zeppelin")).toEqual([first]);
    await db().update(clips).set({ status: "unpublished" }).where(eq(clips.id, second));
    const before = (await searchClips(query("q=harbour"))).clips.map((clip) => clip.id);
    expect(before).not.toContain(second);
    expect(await stalePostings()).toBe(0);
    expect(await staleBigrams()).toBe(0);
    await refreshSearchIndex();
    expect(await stalePostings()).toBe(0);
    expect(await staleBigrams()).toBe(0);
    expect(await ids("q=zeppelin")).toEqual([first]);
    await db().update(clips).set({ status: "published" }).where(eq(clips.id, second));
    expect(await stalePostings()).toBe(0);
    expect(await staleBigrams()).toBe(0);
  });

  it("a clip that becomes popular moves ahead of the clips of equal score", async () => {
    const all = async () => (await searchClips(query("q=ferry"), 1_000)).clips.map((clip) => clip.id);
    const plan = await findPostingsPlan(parseSearchText("ferry"));
    const lexeme = plan?.lexeme ?? "";
    // The largest group of clips with one score: popularity, then date, orders them.
    const tier = await db().execute<{ clip_id: number }>(sql`
      select clip_id from search_postings
      where lexeme = ${lexeme} and score = (
        select score from search_postings where lexeme = ${lexeme} group by score order by count(*) desc limit 1)
      order by popularity desc, created_at desc, clip_id desc`);
    expect(tier.rows.length).toBeGreaterThan(1);
    const before = await all();
    const first = before.indexOf(tier.rows[0].clip_id);
    const last = tier.rows.at(-1)?.clip_id as number;
    expect(before.indexOf(last)).toBe(first + tier.rows.length - 1);
    await db().update(clips).set({ savesCount: 1_000 }).where(eq(clips.id, last));
    expect((await all()).indexOf(last)).toBe(first);
    expect(await stalePostings()).toBe(0);
  });

  it("answer a phrase that stop words reduce to one word, in the same order as ranking every match", async () => {
    const explore = query(`q=${encodeURIComponent('"the lantern"')}`);
    const plan = await findPostingsPlan(parseSearchText(explore.q));
    expect(plan).toEqual({ lexeme: "lantern", excluded: [] });
    const text = parseSearchText(explore.q);
    const all = await searchClips(explore, 1_000);
    const brute = await db().execute<{ id: number }>(pageIdsStatement({ ...explore, page: 1 }, text, 1_000));
    expect(all.clips.map((clip) => clip.id)).toEqual(brute.rows.map((row) => row.id));
    expect(all.total).toBe(await countMatches(explore, text));
  });

  it("count matches, exclusions and facet counts exactly as the full-text path does", async () => {
    for (const search of [
      "q=lantern",
      "q=harbour+-gull",
      "q=fog+-the",
      "q=crane&orientation=portrait&mood=calm",
      "q=tide&niche=luxury&niche=nature&license=extended",
      "q=anchor&duration=short&resolution=1080p",
    ]) {
      const explore = query(search);
      const text = parseSearchText(explore.q);
      const plan = await findPostingsPlan(text);
      expect(plan, search).not.toBeNull();
      if (!plan) continue;
      expect(await countMatchesByPostings(plan, explore), search).toBe(await countMatches(explore, text));
      const values = FACET_NAMES.flatMap((name) =>
        (name === "niche" ? ["nature", "luxury", "business"] : FILTER_VALUES[name]).map((value) => ({
          name,
          value,
        })),
      );
      expect(await countFacets(explore, text, values, plan), search).toEqual(
        await countFacets(explore, text, values),
      );
    }
  });

  it("are not used for phrases, several words or words of several lexemes", async () => {
    expect(await findPostingsPlan(parseSearchText('"misty dawn"'))).toBeNull();
    expect(await findPostingsPlan(parseSearchText('"ferry ferry"'))).toBeNull();
    expect(await findPostingsPlan(parseSearchText("misty -dawn"))).toEqual({
      lexeme: "misti",
      excluded: ["dawn"],
    });
    expect(await findPostingsPlan(parseSearchText("misty dawn"))).toBeNull();
    expect(await findPostingsPlan(parseSearchText("the"))).toBeNull();
  });
});
