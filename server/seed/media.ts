import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { and, eq, sql } from "drizzle-orm";
import type { Orientation } from "~/catalog/attributes";
import { PROCESSING_POSTER_URL } from "~/catalog/clip-lifecycle.server";
import { niches, posts } from "~/catalog/schema.server";
import { db } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { mediaUrl, type StorageDriver } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { withTemporaryDirectory } from "~/platform/temp-files.server";
import { DEMO_CLIPS, DEMO_NICHES, type DemoClip, type Look } from "./demo-content";

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

/** An ffmpeg source graph for each look: real moving pictures, each family visibly different. */
function source(look: Look, width: number, height: number, seed: number): string {
  const size = `${width}x${height}`;
  switch (look) {
    case "mandelbrot":
      return `mandelbrot=s=${Math.round(width / 2)}x${Math.round(height / 2)}:rate=24:maxiter=256:start_scale=${2 + (seed % 3)}:end_scale=0.05,scale=${size}:flags=bicubic`;
    case "life":
      return `life=s=${Math.round(width / 4)}x${Math.round(height / 4)}:rate=24:mold=12:ratio=0.3:seed=${seed}:life_color=#4ade80:death_color=#052e16:mold_color=#0f766e,scale=${size}:flags=neighbor`;
    case "cellauto":
      return `cellauto=s=${Math.round(width / 2)}x${Math.round(height / 2)}:rate=24:rule=${[30, 90, 110, 150][seed % 4]}:scroll=1,scale=${size}:flags=neighbor`;
    case "bars":
      return `smptehdbars=s=${size}:rate=24,hue=H=2*PI*t/8`;
    case "testsrc":
      return `testsrc2=s=${size}:rate=24,hue=s=0.6`;
    case "waves":
      return `aevalsrc=0.6*sin(2*PI*(${110 + seed}+40*sin(t))*t)+0.3*sin(2*PI*${330 + seed}*t):s=8000,showwaves=s=${size}:mode=cline:rate=24:colors=#22c55e|#38bdf8`;
    case "spectrum":
      return `anoisesrc=c=pink:r=8000:seed=${seed},showspectrum=s=${size}:slide=scroll:color=rainbow:scale=cbrt,fps=24`;
    case "plasma":
      // Computed small and scaled up: geq per pixel is slow at full size.
      return `nullsrc=s=${Math.round(width / 8)}x${Math.round(height / 8)}:rate=24,geq=r='128+127*sin(X/5+T*1.1)':g='128+127*sin(Y/4+T*0.8+${seed % 7})':b='128+127*sin((X+Y)/6+T*0.6)',scale=${size}:flags=bicubic`;
  }
}

const TONE_FILTERS = {
  warm: "colorbalance=rs=0.25:gs=0.05:bs=-0.2",
  cool: "colorbalance=rs=-0.2:gs=0.02:bs=0.25",
  neutral: "eq=saturation=0.85",
} as const;

/** Renders a clip (H.264, moov atom first) and its poster into storage. */
export async function generateClipMedia(clip: DemoClip, storage: StorageDriver, signal?: AbortSignal) {
  const { width, height } = CLIP_SIZES[clip.orientation];
  await withTemporaryDirectory("verdeo-clip", async (work) => {
    const video = path.join(work, "clip.mp4");
    const poster = path.join(work, "poster.jpg");
    const filters = [`hue=h=${clip.hue}`, TONE_FILTERS[clip.colorTone]];
    if (clip.mood === "cinematic") filters.push("vignette=PI/5");
    filters.push(`fade=t=in:d=0.5`, "format=yuv420p");
    await run(
      ffmpeg.path,
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        // A scrolling spectrogram starts empty: render it from far enough in that it fills the frame.
        ...(clip.look === "spectrum" ? ["-ss", "90"] : []),
        ...["-f", "lavfi", "-i", source(clip.look, width, height, clip.id)],
        ...["-t", String(clip.durationSeconds), "-vf", filters.join(",")],
        ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-g", "48", "-an"],
        ...["-movflags", "+faststart", video],
      ],
      { signal },
    );
    await run(
      ffmpeg.path,
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
