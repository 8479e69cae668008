import { findClipPage, listNiches, listPopularClips } from "~/catalog/clips/catalog.server";
import { COUNT_CAP, PAGE_SIZE } from "~/catalog/search/explore-query.server";
import type { ExploreQuery } from "~/catalog/search/explore-url";
import { searchClips, searchFacets } from "~/catalog/search/search.server";
import { listDownloadVariants } from "~/licensing/download-access.server";
import { defineEndpoint } from "./endpoint";
import { absolute, postersOf, presentClip } from "./present.server";
import { API_DETAILS } from "./problems";
import {
  ClipDetail,
  ClipList,
  ClipParams,
  NicheList,
  PopularQuery,
  SEARCH_LIMIT_MAX,
  SearchAnswer,
  SearchQuery,
} from "./schemas";

/** An opaque cursor: the next page and the page size it counts in. */
export function encodeCursor(page: number, limit: number) {
  return Buffer.from(`${page}.${limit}`).toString("base64url");
}

/**
 * The page and page size a cursor this API gave carries, or null. A cursor is only base64url: one
 * made by hand (`1.999`) must not buy a page past `limit`'s documented maximum, so its size is held
 * to the same 1 to SEARCH_LIMIT_MAX as `limit` and refused past it, as the reference says.
 */
export function decodeCursor(cursor: string): { page: number; limit: number } | null {
  const match = /^([1-9][0-9]{0,4})\.([1-9][0-9]{0,2})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) return null;
  const limit = Number(match[2]);
  if (limit > SEARCH_LIMIT_MAX) return null;
  return { page: Number(match[1]), limit };
}

/**
 * API searches are not recorded for the site's suggestions and top searches (`noteSearch`): those
 * tell visitors what visitors look for, and an app's automated queries would drown them.
 */
const search = defineEndpoint({
  method: "GET",
  path: "/clips/search",
  sharedAnswer: true,
  operationId: "searchClips",
  tag: "Clips",
  summary: "Search clips",
  description:
    "The site's own search: the same ranking, typo correction (`corrected_query` says what was searched instead), facets and sorts as /videos. Several values of one facet widen the search, different facets narrow it. Pages follow `next_cursor`; counts stop at 10,000 (`total_is_capped`).",
  auth: "public",
  query: SearchQuery,
  response: SearchAnswer,
  problems: ["bad-request"],
  async run({ query: input, origin }) {
    const cursor = input.cursor ? decodeCursor(input.cursor) : { page: 1, limit: input.limit ?? PAGE_SIZE };
    if (!cursor || (cursor.page - 1) * cursor.limit >= COUNT_CAP)
      return {
        problem: "bad-request",
        detail: "The cursor is not one this API gave, or is past the last page.",
      };
    const niche = input.niche ?? [];
    const query: ExploreQuery = {
      q: (input.q ?? "").trim(),
      exact: input.exact === "true" && !!input.q?.trim(),
      niche: [...new Set(niche)],
      sub: niche.length === 1 ? (input.sub_niche ?? null) : null,
      license: input.license ?? [],
      duration: input.duration ?? [],
      orientation: input.orientation ?? [],
      tone: input.tone ?? [],
      mood: input.mood ?? [],
      resolution: input.resolution ?? [],
      colour: input.colour ?? [],
      motion: input.motion ?? [],
      shot: input.shot ?? [],
      people: input.people ?? [],
      releases: input.releases ?? [],
      sort: input.sort === "relevance" && !input.q?.trim() ? null : (input.sort ?? null),
      page: cursor.page,
    };
    const [page, facets] = await Promise.all([
      searchClips(query, cursor.limit),
      input.facets === "true" ? searchFacets(query) : undefined,
    ]);
    const more = cursor.page * cursor.limit < page.total;
    return {
      body: {
        clips: page.clips.map((clip) => presentClip(clip, origin)),
        total: page.total,
        total_is_capped: page.capped,
        corrected_query: page.correctedQuery,
        next_cursor: more ? encodeCursor(cursor.page + 1, cursor.limit) : null,
        ...(facets ? { facets } : {}),
      },
    };
  },
});

const clip = defineEndpoint({
  method: "GET",
  path: "/clips/{id}",
  sharedAnswer: true,
  operationId: "getClip",
  tag: "Clips",
  summary: "Get a clip",
  description:
    "A published clip: its details, creator, posters in several widths, watermarked previews, storyboard (WebVTT) and the files a licensee can download. Download URLs come only from licensing the clip.",
  auth: "public",
  params: ClipParams,
  response: ClipDetail,
  problems: ["bad-request", "not-found"],
  async run({ params, origin }) {
    const [page, files] = await Promise.all([findClipPage(params.id, null), listDownloadVariants(params.id)]);
    if (!page) return { problem: "not-found", detail: API_DETAILS.clipNotFound };
    const { clip: found, details } = page;
    return {
      body: {
        ...presentClip(found, origin),
        tags: details.tags,
        frame_rate: details.frameRate,
        posters: postersOf(found, origin),
        previews: [
          ...(found.previewUrl ? [{ name: "720p" as const, url: absolute(origin, found.previewUrl) }] : []),
          ...(found.previewSmallUrl
            ? [{ name: "small" as const, url: absolute(origin, found.previewSmallUrl) }]
            : []),
        ],
        storyboard_url: found.storyboardUrl ? absolute(origin, found.storyboardUrl) : null,
        files: (files ?? []).map((file) => ({
          variant: file.variant,
          label: file.label,
          height: file.height,
          size_bytes: file.sizeBytes,
          codec: file.variant === "original" ? details.codec : "h264",
        })),
      },
    };
  },
});

const popular = defineEndpoint({
  method: "GET",
  path: "/clips/popular",
  sharedAnswer: true,
  operationId: "listPopularClips",
  tag: "Clips",
  summary: "Popular clips",
  description: "The most saved and downloaded clips, as the home page shows them.",
  auth: "public",
  query: PopularQuery,
  response: ClipList,
  problems: ["bad-request"],
  async run({ query, origin }) {
    const clips = await listPopularClips(query.limit ?? 12);
    return { body: { clips: clips.map((item) => presentClip(item, origin)) } };
  },
});

const niches = defineEndpoint({
  method: "GET",
  path: "/niches",
  sharedAnswer: true,
  operationId: "listNiches",
  tag: "Clips",
  summary: "Niches",
  description:
    "The niches and their sub-niches, in display order: the values of `niche` and `sub_niche` in search.",
  auth: "public",
  response: NicheList,
  problems: [],
  async run() {
    const list = await listNiches("replica");
    return { body: { niches: list.map(({ id, name, subNiches }) => ({ id, name, sub_niches: subNiches })) } };
  },
});

export const CATALOG_ENDPOINTS = [search, popular, clip, niches];
