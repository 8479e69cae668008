import { createReadStream } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { ClipStatus } from "~/catalog/clips/attributes";
import {
  type ClipMedia,
  findLifecycleClip,
  moveClip,
  PROCESSING_POSTER_URL,
  recordClipMedia,
} from "~/catalog/clips/clip-lifecycle.server";
import { clips, niches } from "~/catalog/schema.server";
import type { ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { analyseClip, recordAnalysis, storedClipAnalysis } from "~/media/analysis/clip-analysis.server";
import { prepareClip, renderClip, renditionPrefix } from "~/media/processing/pipeline.server";
import {
  type ClipRendition,
  listClipRenditions,
  replaceClipRenditions,
} from "~/media/renditions/clip-renditions.server";
import { db } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { mediaUrl } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { withTemporaryDirectory } from "~/platform/temp-files.server";
import { rejectClip } from "~/studio/clips/review.server";
import { DEMO_ASSETS_DIR, DEMO_SIZES, renderDemoOriginal } from "./demo-camera";
import {
  DEMO_CLIPS,
  DEMO_NICHES,
  DEMO_STUDIO_CLIPS,
  type DemoClip,
  type DemoStudioClip,
} from "./demo-content";
import { demoPreviewPrefix, renderDemoPreviews } from "./demo-preview-pass";

export { DEMO_ASSETS_DIR, DEMO_SIZES, PROCESSING_POSTER_URL };

const TOO_SMALL = { width: 640, height: 360 };
export type DemoPass = "preview" | "full";

/**
 * Where a demo clip's original lives (private, like an upload's). Only the full pass makes one: a
 * published clip's preview pass renders its previews straight from its photograph, at once (see
 * demo-preview-pass.ts), and the full pass, once every preview is in, gives licensees the Full HD files.
 */
export const demoOriginalKey = (id: number) => `originals/demo/${id}.mp4`;
/**
 * What the pipeline made of a demo clip (its media columns and final status), kept beside the
 * files: a data folder restored from a cache, or a database reset over kept files, gets the clip
 * back without rendering it again. The full pass's manifest says the clip is complete; the preview
 * pass's says its previews are in and its 1080p files are still to come.
 */
export const demoManifestKey = (id: number, pass: DemoPass = "full") =>
  pass === "full" ? `demo/manifests/${id}.json` : `demo/previews/${id}.json`;
/** The poster a demo clip shows from the first page on: its photograph, framed as the clip is. */
export const demoPhotoPosterKey = (clip: DemoClip) => `demo/posters/${clip.look[0]}-${clip.orientation}.webp`;
export const PHOTO_POSTER_WIDTH = 640;

/** Every demo clip, published ones first (home rows and tests need them), in id order. */
export const ALL_DEMO_CLIPS: (DemoClip | DemoStudioClip)[] = [...DEMO_CLIPS, ...DEMO_STUDIO_CLIPS];

const stateOf = (clip: DemoClip | DemoStudioClip) => ("state" in clip ? clip.state : "published");

/** The reviewer the demo's rejected clip was turned down by (the demo team account). */
const DEMO_REVIEWER = { id: "demo-developer" };
const DEMO_SEED = { by: "seed" } as const;

/** The pass a demo clip starts with: published clips get their previews first, the others are made once. */
export const firstPassOf = (clip: DemoClip | DemoStudioClip): DemoPass =>
  stateOf(clip) === "published" ? "preview" : "full";

/**
 * One pass over one demo clip: a published clip's previews straight from its photograph, or a
 * clip's 1080p original through the media pipeline (see processDemoClip). Two at a time: one
 * ffmpeg leaves a core idle while it filters, and ffmpeg runs niced, so pages stay quick meanwhile.
 * The last preview pass to finish queues the full passes (see queueDemoRenders).
 */
export const renderDemoClipJob = defineJob<{ clipId: number; pass?: DemoPass }>({
  name: "seed.render-demo-clip",
  policy: "stately",
  concurrency: 2,
  retryLimit: 4,
  retryDelaySeconds: 5,
  expireInSeconds: 900,
  handler: async ({ clipId, pass }, { signal }) => {
    const clip = ALL_DEMO_CLIPS.find((candidate) => candidate.id === clipId);
    if (!clip) return;
    const started = performance.now();
    const worked = await processDemoClip(clip, pass ?? firstPassOf(clip), signal);
    if (worked)
      logger.info(
        `Demo clip #${clip.id} "${clip.title}" (${pass ?? firstPassOf(clip)} pass) rendered and processed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    if ((pass ?? firstPassOf(clip)) === "preview") await queueDemoRenders();
  },
});

/**
 * Which pass each demo clip still needs, read from the manifests in storage. A clip that is gone,
 * or that someone took out of the catalogue (hidden, deleted by staff), needs none: it must not
 * hold back the 1080p passes of the others.
 */
export async function pendingDemoRenders() {
  const statuses = new Map(
    (
      await db()
        .select({ id: clips.id, status: clips.status })
        .from(clips)
        .where(
          inArray(
            clips.id,
            ALL_DEMO_CLIPS.map((clip) => clip.id),
          ),
        )
    ).map((row) => [row.id, row.status]),
  );
  const pending: { clip: DemoClip | DemoStudioClip; pass: DemoPass }[] = [];
  for (const clip of ALL_DEMO_CLIPS) {
    const status = statuses.get(clip.id);
    if (status !== "published" && status !== "processing") continue;
    if (await storage().exists(demoManifestKey(clip.id))) continue;
    const previewed =
      firstPassOf(clip) === "preview" && (await storage().exists(demoManifestKey(clip.id, "preview")));
    pending.push({ clip, pass: previewed ? "full" : firstPassOf(clip) });
  }
  return pending;
}

/**
 * Queues what the demo clips still need: every first pass (published clips' previews first, in id
 * order, then the studio clips), and the full passes only once no first pass is left, so the 1080p
 * renders never slow the previews down. Safe to call any time, from any process: a clip already
 * queued is not queued twice, and a pass already done is skipped by the job itself.
 */
export async function queueDemoRenders() {
  const pending = await pendingDemoRenders();
  const first = pending.filter(({ clip, pass }) => pass === firstPassOf(clip));
  const queue = first.length > 0 ? first : pending;
  for (const { clip, pass } of queue)
    await enqueue(renderDemoClipJob, { clipId: clip.id, pass }, { singletonKey: `${clip.id}:${pass}` });
  return { queued: queue.length, pending: pending.length };
}

/** The columns a manifest restores (everything the pipeline wrote), and the state the clip ended in. */
interface DemoManifest {
  media: Omit<ClipMedia, "fingerprint"> & { fingerprint?: string[] };
  status: ClipStatus;
  statusReason: string | null;
  /** The licensees' clean files the pipeline made (private, beside the public ones). */
  renditions?: ClipRendition[];
  /** What the analysis saw (media/analysis/), when it ran: restored with the clip. */
  analysis?: ClipAnalysisResult | null;
}

/**
 * One pass over a demo clip; false when there was nothing to do (the pass is done already, or the
 * clip is gone). A pass interrupted anywhere (a stop, a crash) is simply run again.
 */
export async function processDemoClip(
  clip: DemoClip | DemoStudioClip,
  pass: DemoPass = "full",
  signal?: AbortSignal,
) {
  if (await storage().exists(demoManifestKey(clip.id))) return false;
  if (pass === "preview" && (await storage().exists(demoManifestKey(clip.id, "preview")))) return false;
  const current = await findLifecycleClip(clip.id);
  if (!current) return false;
  // A published demo clip stays listed while it is rendered (its photograph, then its preview pass's
  // poster and preview, until the full pass replaces them); studio clips wait in processing.
  const inPlace = current.status === "published";
  if (!inPlace && current.status !== "processing") return false;
  if (pass === "preview") {
    if (!inPlace || "state" in clip) throw new Error(`demo clip #${clip.id} has no preview pass`);
    await renderDemoPreviews(clip, signal);
  } else {
    await renderFullPass(clip, inPlace, signal);
  }
  const processed = await findLifecycleClip(clip.id);
  if (!processed || processed.status === "processing")
    throw new Error(`demo clip #${clip.id} is still processing`);
  if (processed.status !== "failed") {
    // The tone the clip is listed with is the creator's word (a creator may correct the measured
    // one); the catalogue's filters and their tests count the listed tones.
    await recordClipMedia(clip.id, { colorTone: clip.colorTone });
  }
  if ("state" in clip && clip.state === "rejected" && processed.status === "in_review") {
    await rejectClip({ clipId: clip.id, reason: "metadata", note: clip.reviewNote, actor: DEMO_REVIEWER });
  }
  await showNicheCovers(clip.id);
  if (pass === "full" && processed.status !== "failed") await analyseDemoClip(clip.id, signal);
  const final = await findLifecycleClip(clip.id);
  if (final)
    await storage().put(
      demoManifestKey(clip.id, pass),
      Buffer.from(
        JSON.stringify(
          manifestOf(final, await listClipRenditions(clip.id), await storedClipAnalysis(clip.id)),
        ),
      ),
      { visibility: "private" },
    );
  // The full pass replaces the preview pass's files: its posters and previews go.
  if (pass === "full" && firstPassOf(clip) === "preview") {
    await storage().removePrefix(`${demoPreviewPrefix(clip.id)}/`);
    await storage().remove(demoManifestKey(clip.id, "preview"));
  }
  return true;
}

/**
 * The full pass: the clip's 1080p original, rendered from its photograph and handed to the media
 * pipeline exactly as an upload is (probe, metadata, posters, previews, storyboard, fingerprint,
 * licensee files).
 */
async function renderFullPass(clip: DemoClip | DemoStudioClip, inPlace: boolean, signal?: AbortSignal) {
  const originalKey = demoOriginalKey(clip.id);
  if (!(await storage().exists(originalKey))) {
    await withTemporaryDirectory("verdeo-demo", async (work) => {
      const file = path.join(work, "original.mp4");
      const size = stateOf(clip) === "failed" ? TOO_SMALL : DEMO_SIZES[clip.orientation];
      await renderDemoOriginal(clip, file, size, signal);
      await storage().putStream(originalKey, createReadStream(file), { visibility: "private" });
    });
  }
  await recordClipMedia(clip.id, { originalKey });
  const state = stateOf(clip);
  const finalStatus =
    state === "published" ? "published" : state === "needs_details" ? "needs_details" : "in_review";
  const job = { clipId: clip.id, finalStatus, inPlace } as const;
  if (await prepareClip(job)) await renderClip(job, signal);
  const processed = await findLifecycleClip(clip.id);
  if (inPlace && processed?.previewUrl !== mediaUrl(`${renditionPrefix(clip.id, originalKey)}/preview.mp4`))
    throw new Error(`demo clip #${clip.id}: the pipeline did not render its original`);
}

/**
 * Analyses a demo clip from its 1080p original, as the job does an upload's, so the catalogue's
 * colour and camera filters know it from the first start. A failure leaves it to the catch-up job.
 */
async function analyseDemoClip(clipId: number, signal?: AbortSignal) {
  try {
    await analyseClip(clipId, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    logger.warn({ err: error, clipId }, "analysing a demo clip failed; the catch-up job tries again");
  }
}

function manifestOf(
  clip: NonNullable<Awaited<ReturnType<typeof findLifecycleClip>>>,
  renditions: ClipRendition[],
  analysis: ClipAnalysisResult | null,
): DemoManifest {
  return {
    renditions,
    analysis,
    media: {
      durationSeconds: clip.durationSeconds,
      width: clip.width,
      height: clip.height,
      orientation: clip.orientation,
      colorTone: clip.colorTone,
      frameRate: clip.frameRate ?? undefined,
      codec: clip.codec ?? undefined,
      bitrate: clip.bitrate ?? undefined,
      fileSizeBytes: clip.fileSizeBytes ?? undefined,
      originalKey: clip.originalKey ?? undefined,
      thumbnailUrl: clip.thumbnailUrl,
      videoUrl: clip.videoUrl,
      previewUrl: clip.previewUrl ?? undefined,
      previewSmallUrl: clip.previewSmallUrl ?? undefined,
      storyboardUrl: clip.storyboardUrl ?? undefined,
      fingerprint: clip.fingerprint?.map(String),
    },
    status: clip.status,
    statusReason: clip.statusReason,
  };
}

/**
 * Puts back a demo clip whose manifest is in storage (its files are there too): true when done.
 * Only a clip the seed has just inserted (published, photo or "processing" poster) is touched.
 */
export async function restoreDemoClip(clipId: number) {
  const object =
    (await storage().getStream(demoManifestKey(clipId))) ??
    (await storage().getStream(demoManifestKey(clipId, "preview")));
  if (!object) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
  const manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as DemoManifest;
  const current = await findLifecycleClip(clipId);
  const clip = ALL_DEMO_CLIPS.find((candidate) => candidate.id === clipId);
  if (!current || !clip || !isWaitingPoster(clip, current.thumbnailUrl)) return false;
  const { fingerprint, ...media } = manifest.media;
  await recordClipMedia(clipId, { ...media, fingerprint: fingerprint?.map((value) => BigInt(value)) });
  await replaceClipRenditions(clipId, manifest.renditions ?? []);
  if (manifest.analysis) await recordAnalysis(clipId, manifest.analysis);
  if (manifest.status !== current.status) {
    await moveClip({
      clipId,
      transition: "demo",
      actor: DEMO_SEED,
      to: manifest.status,
      reason: manifest.statusReason,
    });
  }
  await showNicheCovers(clipId);
  return true;
}

/** True while a demo clip shows the poster the seed gave it (nothing of the pipeline's yet). */
export const isWaitingPoster = (clip: DemoClip, thumbnailUrl: string) =>
  thumbnailUrl === PROCESSING_POSTER_URL || thumbnailUrl === mediaUrl(demoPhotoPosterKey(clip));

/**
 * Every demo clip's first poster, made from its photograph (cropped to the clip's frame) before
 * anything is rendered, so the catalogue shows pictures, not spinners, from the first page on.
 * One WebP per photograph and frame shape; a few at a time (sharp works in libuv's threads).
 */
export async function writeDemoPhotoPosters() {
  const byKey = new Map(ALL_DEMO_CLIPS.map((clip) => [demoPhotoPosterKey(clip), clip]));
  const missing: DemoClip[] = [];
  for (const [key, clip] of byKey) if (!(await storage().exists(key))) missing.push(clip);
  const work = async () => {
    for (let clip = missing.pop(); clip; clip = missing.pop()) {
      const { width, height } = DEMO_SIZES[clip.orientation];
      const body = await sharp(path.join(DEMO_ASSETS_DIR, `${clip.look[0]}.jpg`))
        .resize(PHOTO_POSTER_WIDTH, Math.round((PHOTO_POSTER_WIDTH * height) / width), { fit: "cover" })
        // A stand-in for the pipeline's own poster: effort 2 costs a third less CPU than the default 4
        // for about 4% more bytes, on the path to a first start's first answer.
        .webp({ quality: 72, effort: 2 })
        .toBuffer();
      await storage().put(demoPhotoPosterKey(clip), body, { visibility: "public" });
    }
  };
  await Promise.all([work(), work(), work()]);
}

/** A niche whose cover is this clip shows its poster once there is one. */
async function showNicheCovers(clipId: number) {
  const clip = await findLifecycleClip(clipId);
  if (!clip || clip.thumbnailUrl === PROCESSING_POSTER_URL) return;
  for (const niche of DEMO_NICHES.filter((candidate) => candidate.coverClipId === clipId))
    await db().update(niches).set({ thumbnailUrl: clip.thumbnailUrl }).where(eq(niches.id, niche.id));
}
