import { defineJob } from "~/platform/jobs/define.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { timePipelineStage } from "~/platform/metrics/business.server";
import { analyseClip, clipsToAnalyse } from "./analysis/clip-analysis.server";
import { fairPriority } from "./processing/fair-order.server";
import { type ProcessClipJob, prepareClip, renderClip } from "./processing/pipeline.server";

/**
 * The pipeline as retried jobs. A crash or a full disk mid-step is retried; a file that is not a
 * usable video fails the clip at once (inside the step), with the reason in words.
 */
export const renderClipJob = defineJob<ProcessClipJob>({
  name: "media.render-clip",
  retryLimit: 2,
  retryDelaySeconds: 30,
  // Two minutes of 4K footage on a busy machine stays well inside this.
  expireInSeconds: 45 * 60,
  // ffmpeg already uses every core.
  concurrency: 1,
  handler: async (job, { signal }) => {
    try {
      await timePipelineStage("render", () => renderClip(job, signal));
    } catch (error) {
      logger.warn({ err: error, clipId: job.clipId }, "rendering a clip failed");
      throw error;
    }
    // After the clip left processing, never before: publication does not wait for the analysis.
    await enqueue(analyseClipJob, { clipId: job.clipId }, { singletonKey: String(job.clipId) });
  },
});

/**
 * Colours, camera motion and cuts of a processed clip (media/analysis/). Its own job so a failure
 * never holds the clip back: the failure is recorded and retried (decision 0027).
 */
export const analyseClipJob = defineJob<{ clipId: number }>({
  name: "media.analyse-clip",
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 30 * 60,
  concurrency: 1,
  policy: "stately",
  handler: async ({ clipId }, { signal }) => {
    try {
      await analyseClip(clipId, signal);
    } catch (error) {
      logger.warn({ err: error, clipId }, "analysing a clip failed");
      throw error;
    }
  },
});

/**
 * Every ten minutes, a batch of clips not yet analysed by the current ANALYSER_VERSION: raising the
 * version re-analyses the catalogue gradually, and clips from before the analyser are filled in.
 */
export const reanalyseClipsJob = defineJob<object>({
  name: "media.reanalyse-clips",
  cron: "*/10 * * * *",
  policy: "singleton",
  handler: async () => {
    for (const clipId of await clipsToAnalyse())
      await enqueue(analyseClipJob, { clipId }, { singletonKey: String(clipId) });
  },
});

export const prepareClipJob = defineJob<ProcessClipJob>({
  name: "media.prepare-clip",
  retryLimit: 3,
  retryDelaySeconds: 15,
  expireInSeconds: 10 * 60,
  handler: async (job) => {
    const prepared = await timePipelineStage("prepare", () => prepareClip(job));
    // A clip past its creator's daily allowance waits in the queue for its day, holding no worker.
    if (prepared)
      await enqueue(renderClipJob, job, {
        startAfter: prepared.renderAfter,
        priority: await fairPriority(prepared.creatorId),
      });
  },
});

export const MEDIA_JOBS = [prepareClipJob, renderClipJob, analyseClipJob, reanalyseClipsJob] as const;
