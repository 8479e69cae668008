import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { clips } from "~/catalog/schema.server";
import { analyseVideoFile } from "~/media/analysis/analyse-video.server";
import { selectClipAnalysis, upsertClipAnalysis } from "~/media/analysis/clip-analysis.queries.server";
import {
  analyseClip,
  clipsToAnalyse,
  RETRY_FAILED_AFTER_MS,
  recordAnalysis,
} from "~/media/analysis/clip-analysis.server";
import type { FrameModelLoaders } from "~/media/analysis/frame-models.server";
import { db } from "~/platform/db/client.server";
import { approveClip } from "~/studio/clips/review.server";
import { useTestDatabase } from "../setup/database";
import { type Creator, settled, twoCreators, uploadWhole as upload } from "../support/tus-requests";

useTestDatabase();

const folder = mkdtempSync(path.join(tmpdir(), "verdeo-people-test-"));

/** A 6 s 720p clip of a still (tests/fixtures/people, server/seed/demo-assets), made with ffmpeg here. */
function stillClip(name: string, image: string) {
  const file = path.join(folder, `${name}.mp4`);
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-loop", "1", "-i", image, "-t", "6"],
    ...[
      "-vf",
      "scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,fps=25,format=yuv420p",
    ],
    ...["-c:v", "libx264", "-preset", "ultrafast", file],
  ]);
  return file;
}
const astronaut = () => stillClip("astronaut", "tests/fixtures/people/astronaut.jpg");
const landscape = () => stillClip("cascade", "server/seed/demo-assets/cascade.jpg");

const modelsMissing: FrameModelLoaders = {
  people: async () => {
    throw new Error("the people model could not be loaded");
  },
  adult: async () => {
    throw new Error("the adult-content model could not be loaded");
  },
};

let creator: Creator;
beforeAll(async () => {
  ({ creator } = await twoCreators());
});

describe("people, objects and adult content in the clip analysis", () => {
  it("finds one person in a clip of the astronaut portrait and none in a landscape, with a low adult-content score", async () => {
    const person = await analyseVideoFile(astronaut(), mkdtempSync(path.join(folder, "a-")), 6);
    expect(person.people).toMatchObject({ maxCount: 1, frameShare: 1, recognisableFaces: 1 });
    expect(person.people!.frames.map((f) => f.second)).toEqual([1.5, 4.5]);
    expect(person.adult!.score).toBeLessThan(0.5);

    const nobody = await analyseVideoFile(landscape(), mkdtempSync(path.join(folder, "l-")), 6);
    expect(nobody.people).toMatchObject({ maxCount: 0, frameShare: 0 });
    expect(nobody.objects).toEqual([]);
  }, 120_000);

  it("a model failing to load leaves the clip processed and publishable, keeps the rest of the analysis with null people, and retries it an hour on", async () => {
    const { clipId } = await upload(creator.cookie, "astronaut.mp4", readFileSync(astronaut()));
    const before = await settled(clipId);

    await analyseClip(clipId, undefined, (file, work, seconds, options) =>
      analyseVideoFile(file, work, seconds, { ...options, models: modelsMissing }),
    );

    const after = await findLifecycleClip(clipId);
    expect(after).toMatchObject({ status: before.status, previewUrl: before.previewUrl });
    const stored = await selectClipAnalysis(clipId);
    expect(stored?.error).toBeNull();
    expect(stored?.result).toMatchObject({ people: null, objects: null, adult: null });
    expect(stored?.result?.colour.palette.length).toBeGreaterThan(0);
    expect(stored?.result?.camera.motion).toBe("static");

    await db().update(clips).set({ status: "in_review" }).where(eq(clips.id, clipId));
    expect(await approveClip({ clipId, actor: { id: "staff-reviewer" } })).toMatchObject({ ok: true });

    expect(await clipsToAnalyse(500)).not.toContain(clipId);
    const later = new Date(Date.now() + RETRY_FAILED_AFTER_MS + 60_000);
    expect(await clipsToAnalyse(500, later)).toContain(clipId);

    await analyseClip(clipId);
    const retried = await selectClipAnalysis(clipId);
    expect(retried?.result?.people).toMatchObject({ maxCount: 1 });
    expect(retried?.result?.adult).not.toBeNull();
    expect(await clipsToAnalyse(500, later)).not.toContain(clipId);
  }, 180_000);

  it("a clip analysed by the previous analyser version, or put back from a cache without the models' fields, is due again", async () => {
    const { clipId } = await upload(creator.cookie, "old-version.mp4", readFileSync(landscape()));
    await settled(clipId);
    await analyseClip(clipId);
    expect(await clipsToAnalyse(500)).not.toContain(clipId);
    const row = await selectClipAnalysis(clipId);
    const { people: _p, objects: _o, adult: _a, ...versionOne } = row!.result!;

    await upsertClipAnalysis(clipId, 1, { result: versionOne });
    expect(await clipsToAnalyse(500)).toContain(clipId);

    // The demo seed puts back a cached result as current: without the models' fields it is due too.
    await recordAnalysis(clipId, versionOne);
    expect(await clipsToAnalyse(500)).toContain(clipId);
  }, 180_000);
});
