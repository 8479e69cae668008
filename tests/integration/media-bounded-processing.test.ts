import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { MEDIA_JOBS } from "~/media/jobs.server";
import { FfmpegError, ffprobeJson, runFfmpeg } from "~/media/processing/ffmpeg.server";
import { CREATOR_DAILY_FOOTAGE_SECONDS, dayOf, waitingMessage } from "~/media/processing/processing-budget";
import { processingWaits } from "~/media/processing/processing-days.server";
import { MEDIA_FAILURES } from "~/media/renditions/media-rules";
import { clipProcessingDays } from "~/media/schema.server";
import { db } from "~/platform/db/client.server";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { storage } from "~/platform/storage/storage.server";
import { useTestDatabase } from "../setup/database";
import { type Creator, settled, twoCreators, uploadWhole as upload } from "../support/tus-requests";
import { makeHdrVideo, makeLyingVideo, makeVideo } from "../support/video-files";

useTestDatabase();

let creator: Creator;
let other: Creator;
beforeAll(async () => {
  ({ creator, other } = await twoCreators());
});

const folder = mkdtempSync(path.join(tmpdir(), "verdeo-bounded-"));

/** A public rendition of a clip, copied to a file ffprobe can read. */
async function storedFile(url: string, name: string) {
  const object = await storage().getStream(url.replace("/media/", ""));
  const file = path.join(folder, name);
  writeFileSync(file, await buffer(object!.body));
  return file;
}

async function videoStream(file: string) {
  const probe = (await ffprobeJson(file)) as { streams: Record<string, unknown>[] };
  return probe.streams.find((stream) => stream.codec_type === "video")!;
}

describe("decoding bounded by the rules, whatever the header says", () => {
  it("the lying file itself: its header says 4 s over 150 s of frames", async () => {
    const lie = makeLyingVideo("lie-check.mp4", { seconds: 150, claims: 4 });
    const file = path.join(folder, "lie-check.mp4");
    writeFileSync(file, lie);
    const probe = (await ffprobeJson(file)) as { format: { duration: string } };
    expect(Number(probe.format.duration)).toBe(4);
    expect(lie.length).toBeLessThan(200_000);
  });

  it("a clip whose header says 4 s over 150 s of frames fails as too long within 10 s of processing", async () => {
    const { clipId } = await upload(
      creator.cookie,
      "liar.mp4",
      makeLyingVideo("liar.mp4", { seconds: 150, claims: 4 }),
    );
    const started = performance.now();

    const clip = await settled(clipId);

    const seconds = (performance.now() - started) / 1000;
    expect(clip.status).toBe("failed");
    expect(clip.statusReason).toBe(MEDIA_FAILURES.tooLong);
    expect(seconds).toBeLessThan(10);
    // Nothing was rendered of it, and the original is gone.
    expect(clip.previewUrl).toBeNull();
    expect(await storage().exists(clip.originalKey!)).toBe(false);
  });

  it("a clip whose header says 150 s over 4 s of frames fails as damaged, as a file cut short does", async () => {
    const { clipId } = await upload(
      creator.cookie,
      "modest.mp4",
      makeLyingVideo("modest.mp4", { seconds: 4, claims: 150 }),
    );
    const clip = await settled(clipId);
    expect(clip.status).toBe("failed");
    expect(clip.statusReason).toBe(MEDIA_FAILURES.unreadable);
  });

  it("one creator's ten lying files delay another creator's clip by no more than one clip's processing", async () => {
    const lie = makeLyingVideo("poison.mp4", { seconds: 150, claims: 4 });
    const poisoned: number[] = [];
    for (let index = 0; index < 10; index++)
      poisoned.push((await upload(creator.cookie, `poison-${index}.mp4`, lie)).clipId);
    const ordinary = await upload(other.cookie, "ordinary.mp4", makeVideo("ordinary.mp4"));
    const isDone = async (id: number) => (await findLifecycleClip(id))?.status !== "processing";

    // The workers take jobs in the queue's own order; work stops the moment the ordinary clip is done.
    await workDueJobs(MEDIA_JOBS, { until: () => isDone(ordinary.clipId) });

    expect((await findLifecycleClip(ordinary.clipId))?.status).toBe("needs_details");
    const doneBefore = [];
    for (const id of poisoned) if (await isDone(id)) doneBefore.push(id);
    expect(doneBefore.length).toBeLessThanOrEqual(1);
    // And every lying file fails as too long, each in a fraction of the 10 s allowed.
    for (const id of poisoned) {
      const started = performance.now();
      const clip = await settled(id);
      expect(clip.statusReason).toBe(MEDIA_FAILURES.tooLong);
      expect(performance.now() - started).toBeLessThan(10_000);
    }
  }, 180_000);

  it("an ffmpeg run past its CPU budget is stopped and says so", async () => {
    const started = performance.now();
    const run = runFfmpeg(
      [
        ...["-f", "lavfi", "-i", "testsrc2=s=1920x1080:r=25", "-t", "600"],
        ...["-c:v", "libx264", "-preset", "slow", "-f", "null", "-"],
      ],
      { cpuBudgetMs: 1_000, timeoutMs: 60_000 },
    );
    await expect(run).rejects.toBeInstanceOf(FfmpegError);
    await expect(run).rejects.toMatchObject({ budget: "cpu" });
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe("a creator's daily processing allowance", () => {
  it("past it, a clip waits for the next day with a message saying when it starts; others' clips go on", async () => {
    const { creator: busy, other: neighbour } = await twoCreators();
    const earlier = await upload(busy.cookie, "earlier.mp4", makeVideo("earlier.mp4"));
    expect((await settled(earlier.clipId)).status).toBe("needs_details");
    // Today's allowance used up by that clip (as if it had been long 4K footage).
    await db()
      .update(clipProcessingDays)
      .set({ footageSeconds: CREATOR_DAILY_FOOTAGE_SECONDS })
      .where(eq(clipProcessingDays.clipId, earlier.clipId));

    const waiting = await upload(busy.cookie, "tomorrow.mp4", makeVideo("tomorrow.mp4"));
    const theirs = await upload(neighbour.cookie, "today.mp4", makeVideo("today.mp4"));

    expect((await settled(theirs.clipId)).status).toBe("needs_details");
    await workDueJobs(MEDIA_JOBS);
    const held = await findLifecycleClip(waiting.clipId);
    expect(held?.status).toBe("processing");
    const tomorrow = new Date(dayOf(new Date()).getTime() + 86_400_000);
    const waits = await processingWaits([waiting.clipId, theirs.clipId]);
    expect(waits.get(waiting.clipId)).toBe(waitingMessage(tomorrow));
    expect(waits.has(theirs.clipId)).toBe(false);
    const [booking] = await db()
      .select()
      .from(clipProcessingDays)
      .where(eq(clipProcessingDays.clipId, waiting.clipId));
    expect(booking?.day.toISOString()).toBe(tomorrow.toISOString());
  }, 120_000);
});

describe("HDR sources", () => {
  it("an HDR (PQ) clip gets BT.709 SDR previews and a poster, tone-mapped", async () => {
    const { clipId } = await upload(creator.cookie, "hdr.mp4", makeHdrVideo("hdr.mp4"));
    const clip = await settled(clipId);
    expect(clip.status).toBe("needs_details");

    for (const [url, name] of [
      [clip.previewUrl!, "hdr-preview.mp4"],
      [clip.previewSmallUrl!, "hdr-small.mp4"],
    ] as const) {
      const stream = await videoStream(await storedFile(url, name));
      expect(stream).toMatchObject({ pix_fmt: "yuv420p", color_transfer: "bt709" });
    }
  }, 120_000);
});
