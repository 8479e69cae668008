import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Orientation } from "~/catalog/attributes";
import { PROCESSING_POSTER_URL } from "~/catalog/clip-lifecycle.server";
import { niches, posts } from "~/catalog/schema.server";
import { mediaTools } from "~/media/ffmpeg.server";
import { db } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { mediaUrl, type StorageDriver } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { withTemporaryDirectory } from "~/platform/temp-files.server";
import { type CameraMove, DEMO_CLIPS, DEMO_NICHES, type DemoClip } from "./demo-content";

const run = promisify(execFile);

export const CLIP_SIZES: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 640, height: 360 },
  portrait: { width: 360, height: 640 },
  square: { width: 480, height: 480 },
};

export const clipKey = (id: number) => `clips/${id}.mp4`;
export const posterKey = (id: number) => `posters/${id}.jpg`;
export { PROCESSING_POSTER_URL };

/**
 * Renders one demo clip and its poster, then puts the real poster in place of the "processing"
 * one. One at a time per process: ffmpeg keeps a core busy, and pages must stay quick meanwhile.
 */
export const renderDemoClipJob = defineJob<{ clipId: number }>({
  name: "seed.render-demo-clip",
  policy: "stately",
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  handler: async ({ clipId }, { signal }) => {
    const clip = DEMO_CLIPS.find((candidate) => candidate.id === clipId);
    if (!clip) return;
    // A shutdown aborts the signal: ffmpeg is stopped with the process, the job runs again later.
    await generateClipMedia(clip, storage(), signal);
    const poster = mediaUrl(posterKey(clip.id));
    await db().transaction(async (tx) => {
      await tx
        .update(posts)
        .set({ thumbnailUrl: poster })
        .where(and(eq(posts.id, clip.id), eq(posts.thumbnailUrl, PROCESSING_POSTER_URL)));
      for (const niche of DEMO_NICHES.filter((candidate) => candidate.coverClipId === clip.id))
        await tx
          .update(niches)
          .set({ thumbnailUrl: poster })
          .where(and(eq(niches.id, niche.id), eq(niches.thumbnailUrl, PROCESSING_POSTER_URL)));
    });
    const [{ left }] = (
      await db().execute<{ left: number }>(
        sql`select count(*)::int as left from posts where thumbnail_url = ${PROCESSING_POSTER_URL}`,
      )
    ).rows;
    logger.info(`Demo clip #${clip.id} "${clip.title}" rendered; ${left} still processing`);
  },
});

/** The photographs the demo clips are made from (committed, with CREDITS.md). */
export const DEMO_ASSETS_DIR = path.resolve("server/seed/demo-assets");

/** How far past the frame a pan or drift travels, and how much a zoom closes in. */
const TRAVEL = 1.25;
const ZOOM = 0.18;

/**
 * A slow camera move over a still: the photo is scaled once to `cover` (a little larger than the
 * clip), then a moving crop (pan, drift) or zoompan (zoom) frames it.
 */
export function cameraMove(move: CameraMove, width: number, height: number, seconds: number, fps = 24) {
  const even = (value: number) => Math.round(value / 2) * 2;
  const frames = Math.round(seconds * fps);
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
      const z = move === "zoom-in" ? `1+${ZOOM}*on/${frames}` : `${1 + ZOOM}-${ZOOM}*on/${frames}`;
      // From a still twice the size: zoompan moves in whole pixels, so a bigger source moves smoother.
      return {
        cover: { width: width * 2, height: height * 2 },
        filter: `zoompan=z='${z}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${width}x${height}:fps=${fps}`,
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

/** Renders a clip (H.264, moov atom first) and its poster into storage. */
export async function generateClipMedia(clip: DemoClip, storage: StorageDriver, signal?: AbortSignal) {
  const { width, height } = CLIP_SIZES[clip.orientation];
  await withTemporaryDirectory("verdeo-clip", async (work) => {
    const video = path.join(work, "clip.mp4");
    const poster = path.join(work, "poster.jpg");
    const { ffmpeg } = await mediaTools();
    const [image, move] = clip.look;
    const seconds = clip.durationSeconds;
    const camera = cameraMove(move, width, height, seconds);
    const still = path.join(work, "still.png");
    await sharp(path.join(DEMO_ASSETS_DIR, `${image}.jpg`))
      .resize(camera.cover.width, camera.cover.height, { fit: "cover" })
      .png({ compressionLevel: 1 })
      .toFile(still);
    const filters = [camera.filter, TONE_FILTERS[clip.colorTone]];
    if (clip.mood === "cinematic") filters.push("vignette=PI/6");
    filters.push("fade=t=in:d=0.8", `fade=t=out:st=${Math.max(0, seconds - 0.8)}:d=0.8`, "format=yuv420p");
    await run(
      ffmpeg,
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        ...["-loop", "1", "-framerate", "24", "-i", still],
        ...["-t", String(seconds), "-vf", filters.join(","), "-r", "24"],
        ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-g", "48", "-an"],
        ...["-movflags", "+faststart", video],
      ],
      { signal },
    );
    await run(
      ffmpeg,
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-y",
        "-ss",
        String(Math.floor(clip.durationSeconds / 2)),
        "-i",
        video,
        "-frames:v",
        "1",
        "-q:v",
        "4",
        poster,
      ],
      { signal },
    );
    await storage.putStream(clipKey(clip.id), createReadStream(video), { visibility: "public" });
    await storage.put(posterKey(clip.id), await readFile(poster), { visibility: "public" });
  });
}
