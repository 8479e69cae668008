import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, openSync, readSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clips } from "~/catalog/schema.server";
import { findDownloadOffer, resolveDownload, startDownload } from "~/licensing/download-access.server";
import { processClipNow } from "~/media/processing/pipeline.server";
import { listClipRenditions } from "~/media/renditions/clip-renditions.server";
import { storage } from "~/platform/storage/storage.server";
import { createAccount } from "../factories/accounts";
import { createClip, createProfile } from "../factories/catalog";
import { createPaidOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { makeVideo } from "../support/video-files";

const database = useTestDatabase();

/** A clip in processing whose private original is `video`, as an upload leaves it. */
async function uploadedClip(video: Buffer, title: string) {
  const creator = await createProfile();
  const id = (await createClip({ userId: creator!.id, title, status: "processing" }))!;
  const key = `originals/${creator!.id}/${randomBytes(4).toString("hex")}.mp4`;
  await storage().put(key, video, { visibility: "private" });
  await database.db
    .update(clips)
    .set({ originalKey: key, fileSizeBytes: video.length, processingProgress: 0 })
    .where(eq(clips.id, id));
  return id;
}

const folder = mkdtempSync(path.join(tmpdir(), "verdeo-renditions-"));

/** Copies a stored object to a file, for ffprobe and ffmpeg. */
async function storedFile(key: string) {
  const object = await storage().getStream(key);
  if (!object) throw new Error(`nothing stored at ${key}`);
  const file = path.join(folder, `${randomBytes(4).toString("hex")}.mp4`);
  await pipeline(object.body, createWriteStream(file));
  return file;
}

function probe(file: string) {
  return JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
      encoding: "utf8",
    }),
  ) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration: string };
  };
}

/** The top-level MP4 boxes in file order: with +faststart, `moov` comes before `mdat`. */
function topLevelBoxes(file: string) {
  const handle = openSync(file, "r");
  const header = Buffer.alloc(16);
  const boxes: string[] = [];
  let offset = 0;
  while (readSync(handle, header, 0, 16, offset) >= 8) {
    let size = header.readUInt32BE(0);
    if (size === 1) size = Number(header.readBigUInt64BE(8));
    boxes.push(header.toString("latin1", 4, 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

/** The middle band of the frame at 1 s (where the watermark's name is), as 128x32 grey pixels. */
function greyBand(file: string) {
  return execFileSync("ffmpeg", [
    ...["-v", "error", "-ss", "1", "-i", file, "-frames:v", "1"],
    ...["-vf", "crop=iw*0.6:ih*0.2:iw*0.2:ih*0.4,scale=128:32:flags=area,format=gray", "-f", "rawvideo", "-"],
  ]);
}

/** ffmpeg on a shared machine: a few seconds of 1080p can take a minute under load. */
const PIPELINE_TIMEOUT = 240_000;

const meanDifference = (a: Buffer, b: Buffer) =>
  a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;

describe("licensee renditions", () => {
  it(
    "a 1080p H.264 upload with sound gets private clean 1080p (copied) and 720p (encoded) files with AAC, offered for download",
    async () => {
      const video = makeVideo("harbour-1080p-sound.mp4", {
        width: 1920,
        height: 1080,
        seconds: 4,
        audio: true,
      });
      const clipId = await uploadedClip(video, "Harbour at Dawn");

      await processClipNow({ clipId, finalStatus: "published" });

      const renditions = await listClipRenditions(clipId);
      expect(renditions.map(({ name, width, height, method }) => ({ name, width, height, method }))).toEqual([
        { name: "720p", width: 1280, height: 720, method: "encode" },
        { name: "1080p", width: 1920, height: 1080, method: "remux" },
      ]);
      const [clip] = await database.db.select().from(clips).where(eq(clips.id, clipId));
      const originalFile = await storedFile(clip!.originalKey!);
      const preview = await storedFile(clip!.previewUrl!.replace(/^\/media\//, ""));
      for (const rendition of renditions) {
        const info = await storage().stat(rendition.storageKey);
        expect(info).toMatchObject({ visibility: "private", size: rendition.sizeBytes });
        const file = await storedFile(rendition.storageKey);
        const facts = probe(file);
        expect(facts.streams.find((stream) => stream.codec_type === "video")).toMatchObject({
          codec_name: "h264",
          width: rendition.width,
          height: rendition.height,
        });
        expect(facts.streams.find((stream) => stream.codec_type === "audio")).toMatchObject({
          codec_name: "aac",
        });
        expect(Number(facts.format.duration)).toBeCloseTo(4, 0);
        const boxes = topLevelBoxes(file);
        expect(boxes.indexOf("moov")).toBeGreaterThanOrEqual(0);
        expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
        // No watermark: the clean file looks like the original where the preview does not.
        const clean = meanDifference(greyBand(file), greyBand(originalFile));
        const marked = meanDifference(greyBand(preview), greyBand(originalFile));
        const seen = `${rendition.name}: clean ${clean.toFixed(2)}, watermarked ${marked.toFixed(2)}`;
        expect(clean, seen).toBeLessThan(2);
        expect(marked, seen).toBeGreaterThan(6);
      }

      // The Download dialog offers both renditions (the 1080p copy stands for the original it
      // repeats), and a 720p download is the 720p file under a clean name.
      const buyer = await createAccount();
      await createPaidOrder({ userId: buyer.id, email: buyer.email, downloads: 5 });
      const offer = await findDownloadOffer(buyer.id, clipId);
      expect(offer.state === "available" && offer.files.map((file) => file.variant)).toEqual([
        "1080p",
        "720p",
      ]);
      const licensee = { userId: buyer.id, name: "Test Person", email: buyer.email };
      const started = await startDownload({ licensee, clipId, variant: "720p" });
      if (!started.ok) throw new Error(started.reason);
      const link = new URL(started.value.url, "http://localhost");
      const resolved = await resolveDownload({
        licenseId: started.value.license.id,
        variant: "720p",
        userId: buyer.id,
        expires: link.searchParams.get("expires"),
        signature: link.searchParams.get("signature"),
      });
      expect(resolved.ok && resolved.value.file).toMatchObject({
        key: renditions.find((rendition) => rendition.name === "720p")!.storageKey,
        fileName: `verdeo-${clipId}-harbour-at-dawn-720p.mp4`,
        height: 720,
      });
    },
    PIPELINE_TIMEOUT,
  );

  it(
    "a silent 720p upload gets only a silent 720p file; 1080p is not offered and costs no credit",
    async () => {
      const video = makeVideo("meadow-720p.mp4", { width: 1280, height: 720, seconds: 4 });
      const clipId = await uploadedClip(video, "Meadow");

      await processClipNow({ clipId, finalStatus: "published" });

      const renditions = await listClipRenditions(clipId);
      expect(renditions.map(({ name, height }) => ({ name, height }))).toEqual([
        { name: "720p", height: 720 },
      ]);
      const facts = probe(await storedFile(renditions[0]!.storageKey));
      expect(facts.streams.map((stream) => stream.codec_type)).toEqual(["video"]);

      const buyer = await createAccount();
      await createPaidOrder({ userId: buyer.id, email: buyer.email, downloads: 5 });
      const licensee = { userId: buyer.id, name: "Test Person", email: buyer.email };
      expect(await startDownload({ licensee, clipId, variant: "1080p" })).toEqual({
        ok: false,
        reason: "no_such_file",
      });
    },
    PIPELINE_TIMEOUT,
  );
});
