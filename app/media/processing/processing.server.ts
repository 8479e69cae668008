import { listClipsInStatusSince } from "~/catalog/clips/clip-lifecycle.server";
import type { Executor } from "~/platform/db/client.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { prepareClipJob } from "../jobs.server";
import { MEDIA_FAILURES } from "../renditions/media-rules";
import { fairPriority } from "./fair-order.server";
import { failClip, type ProcessClipJob } from "./pipeline.server";
import { waitsForProcessingDay } from "./processing-days.server";

/** Clips still processing this long after upload failed for good (every retry used up). */
export const STUCK_AFTER_HOURS = 3;

/** Starts the pipeline for a new clip (inside `tx`, the job exists exactly when the clip does). */
export async function startClipProcessing(
  job: ProcessClipJob,
  options: { tx?: Executor; creatorId?: string } = {},
) {
  const priority = options.creatorId ? await fairPriority(options.creatorId) : 0;
  await enqueue(prepareClipJob, job, { tx: options.tx, priority });
}

/**
 * Fails clips whose processing never finished, so their creators see a reason (a scheduled job).
 * Counted from when processing began, not from the upload: a clip taken back into the pipeline
 * (the demo's published clips while they render) is not stuck because it is old.
 */
export async function failStuckClips() {
  const cutoff = new Date(Date.now() - STUCK_AFTER_HOURS * 3_600_000);
  const stuck = await listClipsInStatusSince(["processing"], cutoff, 500);
  let failed = 0;
  for (const clip of stuck) {
    // Waiting for its day within the creator's allowance is not being stuck.
    if (await waitsForProcessingDay(clip.id, STUCK_AFTER_HOURS)) continue;
    if (await failClip(clip.id, MEDIA_FAILURES.stuck)) failed += 1;
  }
  return failed;
}
