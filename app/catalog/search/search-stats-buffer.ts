/** One query's searches since the last flush, with what its latest search found. */
export interface SearchCount {
  query: string;
  searches: number;
  /** Results of the latest search (capped like the page's count). */
  results: number;
  /** The first result of the latest search. */
  topClipId: number | null;
}

/**
 * Counts searches in memory, one entry per distinct query, until they are drained into one write.
 * It holds at most `maxQueries` queries: past that a new query is refused (the caller flushes early
 * or drops it), so a flood of distinct texts cannot grow a process's memory.
 */
export class SearchStatsBuffer {
  private counts = new Map<string, SearchCount>();

  constructor(readonly maxQueries: number) {}

  /** Counts one search of `query`; false (nothing counted) when the buffer is full of other queries. */
  add(query: string, results: number, topClipId: number | null) {
    const counted = this.counts.get(query);
    if (counted) {
      counted.searches += 1;
      counted.results = results;
      counted.topClipId = topClipId;
      return true;
    }
    if (this.counts.size >= this.maxQueries) return false;
    this.counts.set(query, { query, searches: 1, results, topClipId });
    return true;
  }

  get size() {
    return this.counts.size;
  }

  /** Everything counted so far, leaving the buffer empty. */
  drain(): SearchCount[] {
    const drained = [...this.counts.values()];
    this.counts = new Map();
    return drained;
  }
}
