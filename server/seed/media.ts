import { createReadStream } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { ClipStatus, Orientation } from "~/catalog/attributes";
import {
  type ClipMedia,
  findLifecycleClip,
  moveClip,
  PROCESSING_POSTER_URL,
  recordClipMedia,
} from "~/catalog/clip-lifecycle.server";
import { niches } from "~/catalog/schema.server";
import {
  type ClipRendition,
  listClipRenditions,
  replaceClipRenditions,
} from "~/media/clip-renditions.server";
import { runFfmpeg } from "~/media/ffmpeg.server";
import { prepareClip, renderClip } from "~/media/pipeline.server";
import { db } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { storage } from "~/platform/storage/storage.server";
import { withTemporaryDirectory } from "~/platform/temp-files.server";
import { rejectClip } from "~/studio/review.server";
import {
  type CameraMove,
  DEMO_CLIPS,
  DEMO_NICHES,
  DEMO_STUDIO_CLIPS,
  type DemoClip,
  type DemoStudioClip,
} from "./demo-content";

export { PROCESSING_POSTER_URL };

/** Demo originals are Full HD, as the catalogue promises; the failed demo clip is rendered too small on purpose. */
export const DEMO_SIZES: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
};
const TOO_SMALL = { width: 640, height: 360 };
export const DEMO_FPS = 24;

/** Where a demo clip's original lives (private, like an upload's). */
export const demoOriginalKey = (id: number) => `originals/demo/${id}.mp4`;
/**
 * What the pipeline made of a demo clip (its media columns and final status), kept beside the
 * files: a data folder restored from a cache, or a database reset over kept files, gets the clip
 * back without rendering it again.
 */
export const demoManifestKey = (id: number) => `demo/manifests/${id}.json`;

/** Every demo clip, published ones first (home rows and tests need them), in id order. */
export const ALL_DEMO_CLIPS: (DemoClip | DemoStudioClip)[] = [...DEMO_CLIPS, ...DEMO_STUDIO_CLIPS];

const stateOf = (clip: DemoClip | DemoStudioClip) => ("state" in clip ? clip.state : "published");

/** The reviewer the demo's rejected clip was turned down by (the demo team account). */
const DEMO_REVIEWER = { id: "demo-developer" };
const DEMO_SEED = { by: "seed" } as const;

/**
 * Renders one demo clip's 1080p original and hands it to the media pipeline, exactly as an upload
 * is: probe, metadata, posters, previews, storyboard, fingerprint. Two at a time: one ffmpeg
 * leaves a core idle while it filters, and ffmpeg runs niced, so pages stay quick meanwhile.
 */
export const renderDemoClipJob = defineJob<{ clipId: number }>({
  name: "seed.render-demo-clip",
  policy: "stately",
  concurrency: 2,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 600,
  handler: async ({ clipId }, { signal }) => {
    const clip = ALL_DEMO_CLIPS.find((candidate) => candidate.id === clipId);
    if (!clip) return;
    const started = performance.now();
    await processDemoClip(clip, signal);
    logger.info(
      `Demo clip #${clip.id} "${clip.title}" rendered and processed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  },
});

/** The columns a manifest restores (everything the pipeline wrote), and the state the clip ended in. */
interface DemoManifest {
  media: Omit<ClipMedia, "fingerprint"> & { fingerprint?: string[] };
  status: ClipStatus;
  statusReason: string | null;
  /** The licensees' clean files the pipeline made (private, beside the public ones). */
  renditions?: ClipRendition[];
}

export async function processDemoClip(clip: DemoClip | DemoStudioClip, signal?: AbortSignal) {
  const state = stateOf(clip);
  const originalKey = demoOriginalKey(clip.id);
  const current = await findLifecycleClip(clip.id);
  if (!current) return;
  if (current.status !== "processing") {
    // A published demo clip waits in the catalogue with the "processing" poster; it leaves the
    // catalogue while the pipeline works on it, as an upload would be hidden.
    if (current.status !== "published") return;
    const moved = await moveClip({ clipId: clip.id, transition: "demo", actor: DEMO_SEED, to: "processing" });
    if (!moved.ok) return;
  }
  if (!(await storage().exists(originalKey))) {
    await withTemporaryDirectory("verdeo-demo", async (work) => {
      const file = path.join(work, "original.mp4");
      await renderDemoOriginal(
        clip,
        file,
        state === "failed" ? TOO_SMALL : DEMO_SIZES[clip.orientation],
        signal,
      );
      await storage().putStream(originalKey, createReadStream(file), { visibility: "private" });
    });
  }
  await recordClipMedia(clip.id, { originalKey });
  const finalStatus =
    state === "published" ? "published" : state === "needs_details" ? "needs_details" : "in_review";
  const job = { clipId: clip.id, finalStatus } as const;
  if (await prepareClip(job)) await renderClip(job, signal);
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
  const final = await findLifecycleClip(clip.id);
  if (final)
    await storage().put(
      demoManifestKey(clip.id),
      Buffer.from(JSON.stringify(manifestOf(final, await listClipRenditions(clip.id)))),
      { visibility: "private" },
    );
}

function manifestOf(
  clip: NonNullable<Awaited<ReturnType<typeof findLifecycleClip>>>,
  renditions: ClipRendition[],
): DemoManifest {
  return {
    renditions,
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
 * Only a clip the seed has just inserted (published, "processing" poster) is touched.
 */
export async function restoreDemoClip(clipId: number) {
  const object = await storage().getStream(demoManifestKey(clipId));
  if (!object) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
  const manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as DemoManifest;
  const current = await findLifecycleClip(clipId);
  if (!current || current.thumbnailUrl !== PROCESSING_POSTER_URL) return false;
  const { fingerprint, ...media } = manifest.media;
  await recordClipMedia(clipId, { ...media, fingerprint: fingerprint?.map((value) => BigInt(value)) });
  await replaceClipRenditions(clipId, manifest.renditions ?? []);
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

/** A niche whose cover is this clip shows its poster once there is one. */
async function showNicheCovers(clipId: number) {
  const clip = await findLifecycleClip(clipId);
  if (!clip || clip.thumbnailUrl === PROCESSING_POSTER_URL) return;
  for (const niche of DEMO_NICHES.filter((candidate) => candidate.coverClipId === clipId))
    await db().update(niches).set({ thumbnailUrl: clip.thumbnailUrl }).where(eq(niches.id, niche.id));
}

/** The photographs the demo clips are made from (committed, with CREDITS.md). */
export const DEMO_ASSETS_DIR = path.resolve("server/seed/demo-assets");

/** How far past the frame a pan or drift travels, and how much a zoom closes in. */
const TRAVEL = 1.25;
const ZOOM = 0.18;

/**
 * A slow camera move over a still, cheap at 1080p: the photo is scaled once (by sharp) to `cover`,
 * decoded once and repeated (`loop`), then a moving crop frames it (pan, drift) or a per-frame
 * bilinear scale grows or shrinks it around its centre (zoom, sub-pixel smooth unlike zoompan).
 */
export function cameraMove(move: CameraMove, width: number, height: number, seconds: number) {
  const even = (value: number) => Math.round(value / 2) * 2;
  switch (move) {
    case "pan-left":
    case "pan-right": {
      const x = move === "pan-right" ? `(iw-ow)*t/${seconds}` : `(iw-ow)*(1-t/${seconds})`;
      return {
        cover: { width: even(width * TRAVEL), height },
        filter: `crop=${width}:${height}:x='${x}':y=0`,
      };
    }
    case "drift-up":
    case "drift-down": {
      const y = move === "drift-down" ? `(ih-oh)*t/${seconds}` : `(ih-oh)*(1-t/${seconds})`;
      return {
        cover: { width, height: even(height * TRAVEL) },
        filter: `crop=${width}:${height}:x=0:y='${y}'`,
      };
    }
    case "zoom-in":
    case "zoom-out": {
      const scale = move === "zoom-in" ? `(1+${ZOOM}*t/${seconds})` : `(${1 + ZOOM}-${ZOOM}*t/${seconds})`;
      return {
        cover: { width, height },
        filter: `scale=w='trunc(${width}*${scale}/2)*2':h=-2:eval=frame:flags=bilinear,crop=${width}:${height}`,
      };
    }
  }
}

/** A light grade towards the tone the clip is listed with (the photo does most of the work). */
const TONE_FILTERS = {
  warm: "colorbalance=rs=0.08:bs=-0.06",
  cool: "colorbalance=rs=-0.06:bs=0.08",
  neutral: "eq=saturation=0.95",
} as const;

/**
 * Renders a demo clip's original: H.264 at 24 fps, `ultrafast` for a moving crop and `superfast`
 * for a zoom (ultrafast makes a zoom five times bigger). The demo is rendered from scratch on a
 * fresh machine: speed matters more than size; the pipeline re-encodes the previews anyway.
 */
export async function renderDemoOriginal(
  clip: DemoClip,
  file: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
) {
  const { width, height } = size;
  const [image, move] = clip.look;
  const seconds = clip.durationSeconds;
  const camera = cameraMove(move, width, height, seconds);
  const still = `${file}.still.png`;
  await sharp(path.join(DEMO_ASSETS_DIR, `${image}.jpg`))
    .resize(camera.cover.width, camera.cover.height, { fit: "cover" })
    .png({ compressionLevel: 1 })
    .toFile(still);
  // The grade is applied to the still once, before it is repeated: per frame it would cost more
  // than the camera move itself. Everything per frame comes before a zoom's scale: ffmpeg 5.1's
  // in-place filters (fade, vignette) corrupt its heap on frames cropped from shrinking ones.
  const zoom = move.startsWith("zoom");
  const vignette = clip.mood === "cinematic" ? ["vignette=PI/6"] : [];
  const filters = [
    TONE_FILTERS[clip.colorTone],
    "format=yuv420p",
    "loop=loop=-1:size=1",
    `fps=${DEMO_FPS}`,
    "fade=t=in:d=0.8",
    `fade=t=out:st=${Math.max(0, seconds - 0.8)}:d=0.8`,
    ...(zoom ? vignette : []),
    camera.filter,
    ...(zoom ? [] : vignette),
  ];
  await runFfmpeg(
    [
      ...["-i", still, "-vf", filters.join(","), "-t", String(seconds)],
      ...[
        "-c:v",
        "libx264",
        "-preset",
        zoom ? "superfast" : "ultrafast",
        "-crf",
        "24",
        "-g",
        String(DEMO_FPS * 2),
      ],
      "-an",
      ...["-movflags", "+faststart", file],
    ],
    { timeoutMs: 10 * 60_000, signal },
  );
}
