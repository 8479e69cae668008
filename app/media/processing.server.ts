import { logger } from "~/platform/logger.server";
import { type ProcessClipJob, processClipNow } from "./pipeline.server";

/**
 * Starts the pipeline for a new clip. Until the job queue is on main this runs it in this process,
 * in the background; once it is, this enqueues the retried jobs instead.
 */
export async function startClipProcessing(job: ProcessClipJob) {
  void processClipNow(job).catch((error) =>
    logger.error({ err: error, clipId: job.clipId }, "clip processing failed"),
  );
}
