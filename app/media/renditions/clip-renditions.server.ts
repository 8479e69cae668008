import { db, type Executor } from "~/platform/db/client.server";
import {
  deleteClipRenditions,
  insertClipRenditions,
  selectClipRenditions,
} from "./clip-renditions.queries.server";
import type { LicenseeRenditionName } from "./licensee-renditions";

/** A clean file the pipeline made of a clip for its licensees (private storage). */
export interface ClipRendition {
  name: LicenseeRenditionName;
  storageKey: string;
  width: number;
  height: number;
  sizeBytes: number;
  method: "encode" | "remux";
}

/** The licensee renditions a clip has, smallest first; none for a clip the pipeline has not made them for. */
export async function listClipRenditions(
  clipId: number,
  executor: Executor = db(),
): Promise<ClipRendition[]> {
  const rows = await selectClipRenditions(executor, clipId);
  return rows.map((row) => ({
    name: row.name as LicenseeRenditionName,
    storageKey: row.storageKey,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    method: row.method as ClipRendition["method"],
  }));
}

/**
 * Records the renditions a clip has now, in place of any earlier set: a re-run of the pipeline (a
 * retried job, a new original) writes the same rows again, and a size no longer made disappears.
 */
export async function replaceClipRenditions(clipId: number, renditions: ClipRendition[]) {
  await db().transaction(async (tx) => {
    await deleteClipRenditions(tx, clipId);
    await insertClipRenditions(
      tx,
      renditions.map((rendition) => ({ clipId, ...rendition })),
    );
  });
}
