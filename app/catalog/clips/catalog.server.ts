/*
 * The catalogue's reads as the pages and the API ask for them: published clips as cards, the clip
 * page, niches. Each is one round trip (the clip page's saved mark, for a signed-in viewer, a second
 * one beside it), the hot ones are prepared statements (docs/decisions/0018), and the public ones
 * go to the read replica when there is one (docs/deploy.md, "A read replica"); their SQL is in
 * catalog.queries.server.ts.
 */
export {
  type ClipDetails,
  countPublishedClips,
  findClip,
  findClipPage,
  type HomeClip,
  listClipsByIds,
  listHomeClips,
  listMoreFromCreator,
  listNiches,
  listPopularClips,
  listSimilarClips,
  type Niche,
  RELATED_CLIPS,
} from "./catalog.queries.server";
