import { listClipIdsOfCreator, refreshSearchIndex } from "./search-index.queries.server";

export { MIN_TERM_LENGTH } from "./search-text";
/*
 * The search index is SQL through and through (search-index.queries.server.ts); this service is
 * the door other domains and the seed use, since only catalog may call its queries.
 */
export { refreshSearchIndex };

/** Recomputes the search columns of every clip of one creator (after a rename). */
export async function refreshCreatorSearchIndex(userId: string) {
  const ids = await listClipIdsOfCreator(userId);
  // An empty list would mean "all clips" to refreshSearchIndex.
  if (ids.length > 0) await refreshSearchIndex(ids);
  return ids.length;
}
