import { logger } from "~/platform/logger.server";
import { addSearchCounts, countableQuery } from "./search-stats.queries.server";
import { SearchStatsBuffer } from "./search-stats-buffer";

/**
 * Search statistics are counted in each process's memory and written every few seconds in one
 * statement, not as an upsert of one hot row per search: a popular query searched by many visitors
 * on many web processes would otherwise have them all wait on its row's lock (docs/deploy.md).
 * Searches are counted on the day they are written: those of the last seconds before midnight
 * count for the next day. Shutdown writes what is left (server/app.ts); a crash loses at most
 * one interval's counts, which only rank suggestions and top searches.
 */
export const SEARCH_STATS_FLUSH_MS = 5_000;
/** Distinct queries held between writes: past it the buffer is written at once (or, with a write under way, the search goes uncounted). */
export const MAX_BUFFERED_QUERIES = 1_000;

const buffer = new SearchStatsBuffer(MAX_BUFFERED_QUERIES);
let timer: NodeJS.Timeout | undefined;
let writing: Promise<void> | undefined;
let uncounted = 0;

/** Counts a first-page search for suggestions and top searches; written within SEARCH_STATS_FLUSH_MS. */
export function countSearch(text: string, results: number, topClipId: number | null) {
  const query = countableQuery(text);
  if (!query) return;
  if (!buffer.add(query, results, topClipId)) {
    if (writing) {
      uncounted += 1;
      return;
    }
    void writeBuffered();
    buffer.add(query, results, topClipId);
  }
  // Unreferenced: a pending write never keeps a process (or a test run) alive.
  timer ??= setTimeout(() => {
    timer = undefined;
    void flushSearchStats();
  }, SEARCH_STATS_FLUSH_MS).unref();
}

/** Writes every search counted so far (after any write under way); for shutdown and for tests. */
export async function flushSearchStats() {
  while (writing) await writing;
  await writeBuffered();
}

/** Starts writing what the buffer holds, emptying it at once (before the write's first await). */
function writeBuffered() {
  clearTimeout(timer);
  timer = undefined;
  const counts = buffer.drain();
  if (uncounted > 0) {
    logger.warn({ uncounted }, "searches went uncounted: the statistics buffer was full during a write");
    uncounted = 0;
  }
  if (counts.length === 0) return Promise.resolve();
  const write: Promise<void> = addSearchCounts(counts)
    .catch((error) => logger.warn({ err: error, queries: counts.length }, "writing search statistics failed"))
    .finally(() => {
      if (writing === write) writing = undefined;
    });
  writing = write;
  return write;
}
