import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { ClipStatus } from "~/catalog/clips/attributes";
import {
  failClipProcessing,
  findLifecycleClip,
  finishClipProcessing,
  recordClipMedia,
  setClipProgress,
} from "~/catalog/clips/clip-lifecycle.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { logger } from "~/platform/logger.server";
import { pipelineFailuresTotal } from "~/platform/metrics/business.server";
import { mediaUrl } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { replaceClipRenditions } from "../renditions/clip-renditions.server";
import { planLicenseeRenditions } from "../renditions/licensee-renditions";
import { MEDIA_FAILURES } from "../renditions/media-rules";
import {
  type RenditionFiles,
  renderPosters,
  renderRenditions,
  storyboardVtt,
} from "../renditions/renditions.server";
import { posterSeconds } from "../renditions/still-source";
import { grabFrame } from "./analysis.server";
import { FfmpegError } from "./ffmpeg.server";
import { colorToneOf, differenceHash, splitSampledFrames } from "./frame-analysis";
import { inspectVideo, probeVideo } from "./probe.server";
import { footageSeconds, renderBudget } from "./processing-budget";
import { bookProcessingDay } from "./processing-days.server";

/**
 * What happens to an upload after its last byte: probe and check it, read its metadata, make its
 * poster, previews, storyboard and fingerprint, then hand it to its creator ("needs details").
 * Two steps, each a retried job (media/jobs.server.ts) and each idempotent: a step re-run after a
 * crash writes the same keys again, and a clip no longer processing is left alone.
 */
export interface ProcessClipJob {
  clipId: number;
  /** Where the clip goes when processing succeeds; the demo seed publishes its own clips directly. */
  finalStatus?: Extract<ClipStatus, "needs_details" | "in_review" | "published">;
  /**
   * Works on the clip in the status it has and leaves it there (the demo seed renders its published
   * clips again from a better original while they stay listed): the new files replace the old
   * ones column by column. A file the pipeline cannot use throws instead of failing the clip.
   */
  inPlace?: boolean;
}

/** A problem with the file itself: retrying cannot help, so the clip fails with this reason. */
export class UnusableMediaError extends Error {}

/** The public folder of a clip's renditions: new for each original, so cached copies never go stale. */
export function renditionPrefix(clipId: number, originalKey: string) {
  const token = createHash("sha256").update(originalKey).digest("base64url").slice(0, 12);
  return `clips/${clipId}/${token}`;
}

async function processingClip(clipId: number, inPlace = false) {
  const clip = await findLifecycleClip(clipId);
  if (!clip?.originalKey || (clip.status !== "processing" && !inPlace)) return undefined;
  return { ...clip, originalKey: clip.originalKey };
}

/** Copies the private original to a temporary file for ffmpeg, and removes it afterwards. */
async function withOriginal<T>(originalKey: string, work: (file: string, folder: string) => Promise<T>) {
  const folder = await mkdtemp(path.join(tmpdir(), "verdeo-media-"));
  try {
    const object = await storage().getStream(originalKey);
    if (!object) throw new UnusableMediaError("The uploaded file is missing.");
    const file = path.join(folder, `original${path.extname(originalKey)}`);
    await pipeline(object.body, createWriteStream(file));
    return await work(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Stores a clip's WebP posters, made from one full-size frame; returns the one the clip shows. */
export async function storePosters(prefix: string, frame: Buffer) {
  for (const poster of await renderPosters(frame)) {
    await storage().put(`${prefix}/poster-${poster.width}.webp`, poster.body, { visibility: "public" });
  }
  return mediaUrl(`${prefix}/poster-640.webp`);
}

/**
 * Stores the public renditions (previews, storyboard and its index) and reads the fingerprint and
 * tone from the sampled frames: the clip's media columns that come from the render.
 */
export async function storePublicRenditions(prefix: string, files: RenditionFiles, durationSeconds: number) {
  const put = async (name: string, source: string) =>
    storage().put(`${prefix}/${name}`, await readFile(source), { visibility: "public" });
  await put("preview.mp4", files.preview);
  await put("preview-small.mp4", files.small);
  await put("storyboard.jpg", files.sprite);
  const vtt = storyboardVtt(durationSeconds, mediaUrl(`${prefix}/storyboard.jpg`), files.tile);
  await storage().put(`${prefix}/storyboard.vtt`, Buffer.from(vtt), { visibility: "public" });
  const frames = splitSampledFrames(new Uint8Array(await readFile(files.samples)));
  return {
    previewUrl: mediaUrl(`${prefix}/preview.mp4`),
    previewSmallUrl: mediaUrl(`${prefix}/preview-small.mp4`),
    storyboardUrl: mediaUrl(`${prefix}/storyboard.vtt`),
    videoUrl: mediaUrl(`${prefix}/preview.mp4`),
    colorTone: colorToneOf(frames),
    fingerprint: frames.map(differenceHash),
  };
}

/** Ends processing with a reason in words; the original is deleted (nothing unusable is kept). */
export async function failClip(clipId: number, reason: string, job?: ProcessClipJob) {
  const clip = await findLifecycleClip(clipId);
  if (clip?.status !== "processing") return false;
  // Files first: once the clip shows as failed, nothing of the upload is left.
  if (clip.originalKey) await storage().remove(clip.originalKey);
  await storage().removePrefix(`clips/${clipId}/`);
  return failClipProcessing(clipId, reason, { demo: job?.finalStatus !== undefined });
}

/**
 * Step 1: probe, measure and check, metadata, poster, and the day it renders on within its
 * creator's allowance. Returns when step 2 may start, or false when the clip failed or needs nothing.
 */
export async function prepareClip(
  job: ProcessClipJob,
): Promise<{ renderAfter: Date; creatorId: string } | false> {
  const clip = await processingClip(job.clipId, job.inPlace);
  if (!clip) return false;
  return withOriginal(clip.originalKey, async (file) => {
    const facts = await inspectVideo(file);
    if (!facts.ok && job.inPlace) throw new UnusableMediaError(facts.reason);
    if (!facts.ok) {
      pipelineFailuresTotal.inc({ stage: "prepare", reason: "unusable" });
      await failClip(clip.id, facts.reason, job);
      return false;
    }
    const { value } = facts;
    const size = (await storage().stat(clip.originalKey))?.size;
    const prefix = renditionPrefix(clip.id, clip.originalKey);
    const frame = await grabFrame(file, posterSeconds(value.durationSeconds), { hdr: value.hdr });
    const thumbnailUrl = await storePosters(prefix, frame);
    await recordClipMedia(clip.id, {
      durationSeconds: Math.max(1, Math.round(value.durationSeconds)),
      width: value.width,
      height: value.height,
      orientation: value.orientation,
      frameRate: value.frameRate,
      codec: value.codec,
      bitrate: Math.min(value.bitrate, 2_147_483_647),
      fileSizeBytes: size,
      thumbnailUrl,
    });
    await setClipProgress(clip.id, 15);
    // The demo seed's own clips (published directly) are not an upload: no allowance to count.
    if (job.finalStatus) return { renderAfter: new Date(), creatorId: clip.creatorId };
    return { renderAfter: await bookProcessingDay(clip, footageSeconds(value)), creatorId: clip.creatorId };
  });
}

/**
 * Step 2: previews, storyboard, the licensees' clean renditions, fingerprint and tone, duplicate
 * check; then the clip leaves processing.
 */
export async function renderClip(job: ProcessClipJob, signal?: AbortSignal): Promise<void> {
  const clip = await processingClip(job.clipId, job.inPlace);
  if (!clip) return;
  const prefix = renditionPrefix(clip.id, clip.originalKey);
  const rendered = await withOriginal(clip.originalKey, async (file, folder) => {
    let reported = 15;
    // Step 1 checked the file; what the clean renditions need (audio, pixel format) is read again here.
    const facts = await probeVideo(file);
    if (!facts) throw new Error(`clip ${clip.id}: the original no longer probes`);
    // Step 1's measured duration (the clip's), not the header's, sizes the budget and bounds the read.
    const budget = renderBudget(footageSeconds({ ...clip, frameRate: clip.frameRate ?? facts.frameRate }));
    let files: RenditionFiles;
    try {
      files = await renderRenditions(
        file,
        folder,
        { ...clip, audioCodec: facts.audioCodec, hdr: facts.hdr },
        {
          onProgress: (fraction) => {
            const percent = 15 + Math.floor(fraction * 80);
            if (percent >= reported + 5) {
              reported = percent;
              void setClipProgress(clip.id, percent).catch(() => {});
            }
          },
          signal,
          licensee: planLicenseeRenditions(facts),
          budget,
        },
      );
    } catch (error) {
      // Past its CPU budget the file is at fault (load hardly changes CPU time): retrying cannot help.
      if (error instanceof FfmpegError && error.budget === "cpu") return MEDIA_FAILURES.overBudget;
      throw error;
    }
    // More frames than step 1 measured: the file hides footage from a quick read. Nothing is kept.
    const frameRate = clip.frameRate || facts.frameRate;
    if (frameRate > 0 && files.decodedFrames > (clip.durationSeconds + 1) * frameRate)
      return MEDIA_FAILURES.tooLong;
    const licensee = [];
    for (const rendition of files.licensee) {
      const key = `${prefix}/${rendition.name}.mp4`;
      await storage().putStream(key, createReadStream(rendition.file), {
        visibility: "private",
        contentType: "video/mp4",
      });
      const { name, width, height, method } = rendition;
      licensee.push({
        name,
        width,
        height,
        method,
        storageKey: key,
        sizeBytes: (await stat(rendition.file)).size,
      });
    }
    await replaceClipRenditions(clip.id, licensee);
    return storePublicRenditions(prefix, files, clip.durationSeconds);
  });
  // The file itself is at fault (past its CPU budget, more frames than measured): nothing is kept.
  if (typeof rendered === "string") {
    await failClip(clip.id, rendered, job);
    return;
  }
  if (job.inPlace) {
    // A published demo clip rendered again where it stands: new media, same status (decision 0014).
    await recordClipMedia(clip.id, rendered);
    if (clip.status === "published") await refreshSearchIndex([clip.id]);
    return;
  }
  // One call hands the clip over: media, duplicate check, progress and status together.
  const { duplicateOfId } = await finishClipProcessing(clip.id, rendered, { demoStatus: job.finalStatus });
  if (duplicateOfId) logger.info({ clipId: clip.id, duplicateOfId }, "upload looks like an existing clip");
}

/** Both steps in this process (tests, the demo seed's first clips, and until a queue takes over). */
export async function processClipNow(job: ProcessClipJob) {
  if (await prepareClip(job)) await renderClip(job);
}
