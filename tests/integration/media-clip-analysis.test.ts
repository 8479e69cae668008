import { beforeAll, describe, expect, it } from "vitest";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { selectClipAnalysis } from "~/media/analysis/clip-analysis.queries.server";
import { analyseClip, clipsToAnalyse, RETRY_FAILED_AFTER_MS } from "~/media/analysis/clip-analysis.server";
import { labOfHex } from "~/media/analysis/colour";
import { MEDIA_JOBS } from "~/media/jobs.server";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { useTestDatabase } from "../setup/database";
import { type Creator, settled, twoCreators, uploadWhole as upload } from "../support/tus-requests";
import { makeVideo } from "../support/video-files";

useTestDatabase();

let creator: Creator;
beforeAll(async () => {
  ({ creator } = await twoCreators());
});

/** A 6 s pan to the right over a red-tinted test card: the camera's move and colour are known. */
const redPan = () =>
  makeVideo("red-pan.mp4", {
    source: "testsrc2=s=2560x720:r=25",
    seconds: 6,
    filter: "crop=1280:720:x='t*200':y=0,lutrgb=r=val:g=val*0.25:b=val*0.25",
  });

async function analysed(clipId: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    await workDueJobs(MEDIA_JOBS);
    const row = await selectClipAnalysis(clipId);
    if (row?.result) return row;
    if (Date.now() - started > timeoutMs) throw new Error(`clip ${clipId} has no analysis (${row?.error})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("clip analysis", () => {
  it("a processed upload is analysed after it leaves processing: a pan over a red scene reads as pan-right and red", async () => {
    const { clipId } = await upload(creator.cookie, "red-pan.mp4", redPan());
    const clip = await settled(clipId);
    expect(clip.status).toBe("needs_details");

    const { result } = await analysed(clipId);

    expect(result!.camera.motion).toBe("pan-right");
    expect(result!.shots).toMatchObject({ cuts: 0, singleShot: true });
    const dominant = result!.colour.palette[0]!;
    // Red: a positive a* (red–green axis) well above the b* of yellows, whatever the card's detail.
    expect(dominant.lab.a).toBeGreaterThan(30);
    expect(labOfHex(dominant.hex).a).toBeCloseTo(dominant.lab.a, 0);
  }, 120_000);

  it("a failing analyser leaves the clip as processing left it, records the failure, and a later run fills it in", async () => {
    const { clipId } = await upload(creator.cookie, "fails-first.mp4", makeVideo("fails-first.mp4"));
    const before = await settled(clipId);
    const modelMissing = async (): Promise<never> => {
      throw new Error("the model could not be loaded");
    };

    await expect(analyseClip(clipId, undefined, modelMissing)).rejects.toThrow("could not be loaded");

    const after = await findLifecycleClip(clipId);
    expect(after).toMatchObject({ status: before.status, previewUrl: before.previewUrl });
    const failed = await selectClipAnalysis(clipId);
    expect(failed).toMatchObject({ result: null, error: "the model could not be loaded" });
    // Not picked again at once (the job's own retries do that), but by the catch-up job an hour on.
    expect(await clipsToAnalyse(500)).not.toContain(clipId);
    const later = new Date(Date.now() + RETRY_FAILED_AFTER_MS + 60_000);
    expect(await clipsToAnalyse(500, later)).toContain(clipId);

    await analyseClip(clipId);
    const row = await selectClipAnalysis(clipId);
    expect(row?.error).toBeNull();
    expect(row?.result?.camera.motion).toBeDefined();
  }, 120_000);
});
