import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, parseExploreQuery } from "~/catalog/search/explore-query.server";
import { FILTER_VALUES } from "~/catalog/search/explore-url";
import {
  countFacets,
  countMatches,
  countMatchesByPostings,
  FACET_NAMES,
  findSearchPlan,
  pageIdsStatement,
  pairApartStatement,
  pairCandidates,
  pairCandidatesStatement,
  phraseCandidates,
} from "~/catalog/search/search.queries.server";
import { searchClips } from "~/catalog/search/search.server";
import { parseSearchText } from "~/catalog/search/search-text";
import { db } from "~/platform/db/client.server";
import {
  type ClipInput,
  createClipsInRandomOrder,
  createProfile,
  FILLER_WORDS,
  seededRandom,
} from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const MATCHES = 5_000;
const FIRST = "harbour";
const SECOND = "lantern";

/**
 * Brute force: every clip with both words, its rank computed one by one (cover density of both
 * words, plus the phrase boost when they stand together in the typed order), then sorted here.
 */
async function bruteForceOrder(first: string, second: string): Promise<number[]> {
  const rows = await db().execute<{ id: number; rank: number; popularity: number; created: string }>(sql`
    select id,
      ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], search_vector,
        plainto_tsquery('english', ${first}) && plainto_tsquery('english', ${second}))::float8
      + case when search_vector @@ phraseto_tsquery('english', ${`${first} ${second}`}) then 1 else 0 end as rank,
      saves_count + downloads_count as popularity, extract(epoch from created_at)::float8::text as created
    from clips
    where status = 'published'
      and search_vector @@ (plainto_tsquery('english', ${first}) && plainto_tsquery('english', ${second}))`);
  return rows.rows
    .sort(
      (a, b) =>
        Number(b.rank) - Number(a.rank) ||
        b.popularity - a.popularity ||
        Number(b.created) - Number(a.created) ||
        b.id - a.id,
    )
    .map((row) => row.id);
}

beforeAll(async () => {
  const creator = await createProfile({ fullName: "Pair Tester" });
  const next = seededRandom(2027);
  const pick = () => FILLER_WORDS[Math.floor(next() * FILLER_WORDS.length)];
  const insertAt = (words: string[], ...inserted: string[]) =>
    words.splice(Math.floor(next() * (words.length + 1)), 0, ...inserted);
  const inputs: ClipInput[] = [];
  for (let index = 0; index < MATCHES + 500; index++) {
    const matching = index < MATCHES;
    const title = [pick(), pick(), pick()];
    const description = Array.from({ length: 15 + Math.floor(next() * 25) }, pick);
    const tags = [pick()];
    if (matching) {
      // Where the two words stand decides the rank: together in either order, in the title, the
      // tags or the description, near or far apart, once or several times.
      const place = next();
      if (place < 0.04) insertAt(title, FIRST, SECOND);
      else if (place < 0.07) insertAt(title, SECOND, FIRST);
      else if (place < 0.1) insertAt(description, FIRST, SECOND);
      else if (place < 0.2) {
        insertAt(title, FIRST);
        insertAt(title, SECOND);
      } else if (place < 0.35) {
        tags.push(FIRST, pick(), SECOND);
      } else if (place < 0.5) {
        insertAt(title, next() < 0.5 ? FIRST : SECOND);
        insertAt(description, next() < 0.5 ? FIRST : SECOND);
        insertAt(description, FIRST, pick(), SECOND);
      } else {
        for (let repeat = 0; repeat < 1 + Math.floor(next() * 3); repeat++) insertAt(description, FIRST);
        for (let repeat = 0; repeat < 1 + Math.floor(next() * 3); repeat++) insertAt(description, SECOND);
      }
    } else if (next() < 0.5) insertAt(description, FIRST);
    inputs.push({
      title: title.join(" "),
      description: description.join(" "),
      tags,
      userId: creator.id,
      license: next() < 0.5 ? "standard" : "extended",
      createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 3 * 365) * 86_400_000),
    });
  }
  // Ties of rank are common: popularity and date decide them.
  await createClipsInRandomOrder(inputs, next);
}, 180_000);

const query = (params: string) => parseExploreQuery(new URLSearchParams(params));
const search = (params: string) => searchClips(query(params));
const ids = async (params: string) => (await search(params)).clips.map((clip) => clip.id);

describe("ranking two words over every match", () => {
  it("is planned as a pair of lexemes, in the typed order", async () => {
    expect((await findSearchPlan(parseSearchText(`${FIRST} ${SECOND}`))).pair).toEqual([FIRST, SECOND]);
    expect((await findSearchPlan(parseSearchText(`${SECOND} ${FIRST}`))).pair).toEqual([SECOND, FIRST]);
    expect((await findSearchPlan(parseSearchText(`the ${FIRST}`))).pair).toBeNull();
  });

  it("the first page is the best-ranked 20 of all 5,000, as a brute-force ranking orders them", async () => {
    const expected = await bruteForceOrder(FIRST, SECOND);
    expect(expected).toHaveLength(MATCHES);
    const page = await search(`q=${FIRST}+${SECOND}`);
    expect(page.total).toBe(MATCHES);
    expect(page.clips.slice(0, 20).map((clip) => clip.id)).toEqual(expected.slice(0, 20));
  });

  it("page 60 is the 60th slice of the same order", async () => {
    const expected = await bruteForceOrder(FIRST, SECOND);
    expect(await ids(`q=${FIRST}+${SECOND}&page=60`)).toEqual(expected.slice(59 * PAGE_SIZE, 60 * PAGE_SIZE));
  });

  it("the phrase boost follows the typed order of the words", async () => {
    const expected = await bruteForceOrder(SECOND, FIRST);
    expect(await ids(`q=${SECOND}+${FIRST}`)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(await ids(`q=${SECOND}+${FIRST}&page=3`)).toEqual(expected.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));
  });

  it("pages with facets and excluded words equal ranking every match", async () => {
    for (const params of [
      `q=${FIRST}+${SECOND}&license=extended`,
      `q=${FIRST}+${SECOND}+-calm&page=2`,
      `q=${SECOND}+${FIRST}&license=standard&page=4`,
    ]) {
      const explore = query(params);
      const all = await db().execute<{ id: number }>(
        pageIdsStatement(explore, parseSearchText(explore.q), PAGE_SIZE),
      );
      expect(await ids(params), params).toEqual(all.rows.map((row) => row.id));
    }
  });

  it("counts matches and facet values from the postings exactly as the full-text path does", async () => {
    const values = FACET_NAMES.flatMap((name) =>
      (name === "niche" ? ["nature", "luxury"] : FILTER_VALUES[name]).map((value) => ({ name, value })),
    );
    for (const params of [
      `q=${FIRST}+${SECOND}`,
      `q=${FIRST}+${SECOND}&license=extended`,
      `q=${SECOND}+${FIRST}+-calm&orientation=landscape`,
    ]) {
      const explore = query(params);
      const text = parseSearchText(explore.q);
      const plan = (await findSearchPlan(text)).counts;
      expect(plan, params).not.toBeNull();
      if (!plan) continue;
      expect(await countMatchesByPostings(plan, explore), params).toBe(await countMatches(explore, text));
      expect(await countFacets(explore, text, values, plan), params).toEqual(
        await countFacets(explore, text, values),
      );
    }
  });

  it("a quoted phrase ranks and counts only the clips holding its bigrams, as the full-text path does", async () => {
    for (const [params, phrase] of [
      [`q=${encodeURIComponent(`"${FIRST} ${SECOND}"`)}`, [FIRST, SECOND]],
      [`q=${encodeURIComponent(`"${SECOND} ${FIRST}"`)}&page=2`, [SECOND, FIRST]],
      [`q=${encodeURIComponent(`"${FIRST} ${SECOND}" calm`)}&license=extended`, [FIRST, SECOND]],
      [`q=${encodeURIComponent(`"calm ${FIRST} ${SECOND}"`)}`, ["calm", FIRST, SECOND]],
    ] as const) {
      const explore = query(params);
      const text = parseSearchText(explore.q);
      expect((await findSearchPlan(text)).phrase, params).toEqual(phrase);
      const all = await db().execute<{ id: number }>(pageIdsStatement(explore, text, PAGE_SIZE));
      const page = await searchClips(explore);
      expect(
        page.clips.map((clip) => clip.id),
        params,
      ).toEqual(all.rows.map((row) => row.id));
      expect(page.total, params).toBe(await countMatches(explore, text));
    }
    expect((await search(`q=${encodeURIComponent(`"${FIRST} ${SECOND}"`)}`)).total).toBeGreaterThan(
      PAGE_SIZE,
    );
  });

  it("no clip ranks above the bound its per-word scores give, so the candidates hold every clip that can", async () => {
    const rows = await db().execute<{ over: number }>(sql`
      select count(*)::int as over
      from clips p
      join search_postings a on a.clip_id = p.id and a.lexeme = ${FIRST}
      join search_postings b on b.clip_id = p.id and b.lexeme = ${SECOND}
      where ts_rank_cd(search_rank_weights(), p.search_vector, ${`${FIRST} & ${SECOND}`}::tsquery)
        > least(a.score::float8 + b.score::float8, 4 * least(a.score, b.score)::float8) + 1e-6`);
    expect(rows.rows[0].over).toBe(0);
  });

  it("no clip holding the words side by side in neither order ranks above half the bound", async () => {
    const rows = await db().execute<{ over: number; apart: number }>(sql`
      select count(*) filter (where ts_rank_cd(search_rank_weights(), p.search_vector, ${`${FIRST} & ${SECOND}`}::tsquery)
          > least((a.score::float8 + b.score::float8) / 2, 2 * least(a.score, b.score)::float8) + 1e-6)::int as over,
        count(*)::int as apart
      from clips p
      join search_postings a on a.clip_id = p.id and a.lexeme = ${FIRST}
      join search_postings b on b.clip_id = p.id and b.lexeme = ${SECOND}
      where not exists (select 1 from search_bigrams g where g.clip_id = p.id
        and (g.lexeme, g.next_lexeme) in ((${FIRST}, ${SECOND}), (${SECOND}, ${FIRST})))`);
    expect(rows.rows[0].apart).toBeGreaterThan(MATCHES / 2);
    expect(rows.rows[0].over).toBe(0);
  });

  it("the first page comes from the phrase's best clips' threshold and the few clips that can reach it", async () => {
    const expected = (await bruteForceOrder(FIRST, SECOND)).slice(0, PAGE_SIZE);
    const explore = query(`q=${FIRST}+${SECOND}`);
    const text = parseSearchText(explore.q);
    const [{ threshold, ids }] = (
      await db().execute<{ threshold: number | null; ids: number[] }>(
        pairCandidatesStatement([FIRST, SECOND], explore, text, PAGE_SIZE),
      )
    ).rows;
    expect(threshold).not.toBeNull();
    const apart = (
      await db().execute<{ clip_id: number }>(pairApartStatement([FIRST, SECOND], Number(threshold)))
    ).rows.map((row) => row.clip_id);
    const candidates = new Set([...ids, ...apart]);
    expect(expected.filter((id) => !candidates.has(id))).toEqual([]);
    expect(candidates.size).toBeLessThan(MATCHES / 5);
  });

  it("ranks the first page from a small part of the matches", async () => {
    const count = async (candidates: ReturnType<typeof phraseCandidates>) =>
      (await db().execute<{ n: number }>(sql`select count(*)::int as n from (${candidates}) c`)).rows[0].n;
    const phrase = await count(phraseCandidates([FIRST, SECOND]));
    expect(phrase).toBeGreaterThanOrEqual(PAGE_SIZE);
    expect(phrase).toBeLessThan(MATCHES / 5);
    // The threshold of the first page is at least the phrase boost: few clips without it can pass.
    expect(await count(pairCandidates([FIRST, SECOND], query(""), 1))).toBeLessThan(MATCHES / 2);
  });
});
