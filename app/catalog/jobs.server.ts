import { defineJob } from "~/platform/jobs/define.server";
import { refreshCreatorSearchIndex, refreshSearchIndex } from "./search/search-index.server";

/**
 * A creator's name is part of every one of their clips' search text: after a rename their clips are
 * found under the new name. `stately` with the creator as key: one queued and one running per creator,
 * so a burst of renames costs at most two passes.
 */
export const reindexCreatorJob = defineJob<{ userId: string }>({
  name: "catalog.reindex-creator",
  policy: "stately",
  retryDelaySeconds: 5,
  handler: async ({ userId }) => {
    await refreshCreatorSearchIndex(userId);
  },
});

/** Clips whose title, description, tags or niche changed. */
export const reindexClipsJob = defineJob<{ clipIds: number[] }>({
  name: "catalog.reindex-clips",
  retryDelaySeconds: 5,
  handler: async ({ clipIds }) => {
    const ids = clipIds.filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length > 0) await refreshSearchIndex(ids);
  },
});
