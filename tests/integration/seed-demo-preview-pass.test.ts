import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { clips } from "~/catalog/schema.server";
import { findClipForDownload } from "~/licensing/downloads.server";
import { listClipRenditions } from "~/media/renditions/clip-renditions.server";
import { config } from "~/platform/config.server";
import { mediaUrl } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { DEMO_CLIPS } from "../../server/seed/demo-content";
import { demoPreviewPrefix } from "../../server/seed/demo-preview-pass";
import {
  demoManifestKey,
  demoOriginalKey,
  demoPhotoPosterKey,
  processDemoClip,
  restoreDemoClip,
} from "../../server/seed/media";
import { seedDemoContent } from "../../server/seed/seed";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase(); // a data folder of its own: the files below are this file's alone

/** The shortest published landscape demo clip (the full pass renders it at 1080p too). */
const clip = DEMO_CLIPS.filter((candidate) => candidate.orientation === "landscape").sort(
  (a, b) => a.durationSeconds - b.durationSeconds,
)[0]!;
const prefix = demoPreviewPrefix(clip.id);

const clipRow = async () => (await database.db.select().from(clips).where(eq(clips.id, clip.id)))[0]!;

async function stored(key: string) {
  const object = await storage().getStream(key);
  if (!object) throw new Error(`nothing stored at ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Width, height, codec and frame count of a stored video. */
async function probeStored(key: string) {
  const file = path.join(config().DATA_DIR, "probe.mp4");
  writeFileSync(file, await stored(key));
  const out = execFileSync(
    "ffprobe",
    [
      ...["-v", "error", "-count_frames", "-select_streams", "v:0"],
      ...["-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", file],
    ],
    { encoding: "utf8" },
  ).trim();
  const [name, w, h, count] = out.split(",");
  return { codec: name, width: Number(w), height: Number(h), frames: Number(count) };
}

/** Every file kept privately for demo originals (any pass's). */
const demoOriginals = () => {
  try {
    return readdirSync(path.join(config().DATA_DIR, "private", "originals", "demo"));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  await seedDemoContent(() => {});
}, 120_000);

describe("a published demo clip's preview pass", () => {
  it("renders posters, previews and storyboard from the photograph in one run, and keeps no original", async () => {
    expect(await processDemoClip(clip, "preview")).toBe(true);
    for (const name of [
      "preview.mp4",
      "preview-small.mp4",
      "storyboard.jpg",
      "storyboard.vtt",
      "poster-320.webp",
      "poster-640.webp",
      "poster-1280.webp",
    ])
      expect(await storage().exists(`${prefix}/${name}`), name).toBe(true);
    // No original of any kind: the 720p one the preview pass used to encode and decode again is gone.
    expect(demoOriginals()).toEqual([]);
    expect(await storage().exists(`originals/demo/${clip.id}-preview.mp4`)).toBe(false);
    expect(await listClipRenditions(clip.id)).toEqual([]);

    const preview = await probeStored(`${prefix}/preview.mp4`);
    expect(preview).toEqual({ codec: "h264", width: 1280, height: 720, frames: clip.durationSeconds * 24 });
    const small = await probeStored(`${prefix}/preview-small.mp4`);
    expect([small.width, small.height, small.frames]).toEqual([640, 360, clip.durationSeconds * 24]);
    const poster = await sharp(await stored(`${prefix}/poster-1280.webp`)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(["webp", 1280, 720]);
    const vtt = (await stored(`${prefix}/storyboard.vtt`)).toString("utf8");
    expect(vtt.match(/#xywh=/g)).toHaveLength(clip.durationSeconds);
  }, 300_000);

  it("fills the clip's media columns as the pipeline does, and the clip stays published", async () => {
    const row = await clipRow();
    expect(row).toMatchObject({
      status: "published",
      durationSeconds: clip.durationSeconds,
      width: 1280,
      height: 720,
      orientation: "landscape",
      frameRate: 24,
      codec: "h264",
      colorTone: clip.colorTone,
      thumbnailUrl: mediaUrl(`${prefix}/poster-640.webp`),
      videoUrl: mediaUrl(`${prefix}/preview.mp4`),
      previewUrl: mediaUrl(`${prefix}/preview.mp4`),
      previewSmallUrl: mediaUrl(`${prefix}/preview-small.mp4`),
      storyboardUrl: mediaUrl(`${prefix}/storyboard.vtt`),
      originalKey: null,
    });
    expect(row.bitrate).toBeGreaterThan(100_000);
    expect(row.fingerprint).toHaveLength(8);
    // Nothing to license yet: the watermarked preview is never a licensee's file.
    expect((await findClipForDownload(clip.id))?.files).toEqual([]);
  });

  it("is restored from its manifest after a database reset, without rendering again", async () => {
    expect(await storage().exists(demoManifestKey(clip.id, "preview"))).toBe(true);
    expect(await processDemoClip(clip, "preview")).toBe(false);
    const rendered = await clipRow();
    await database.db
      .update(clips)
      .set({
        thumbnailUrl: mediaUrl(demoPhotoPosterKey(clip)),
        previewUrl: null,
        previewSmallUrl: null,
        storyboardUrl: null,
        videoUrl: "",
        fingerprint: null,
        width: 1920,
        height: 1080,
      })
      .where(eq(clips.id, clip.id));
    expect(await restoreDemoClip(clip.id)).toBe(true);
    expect(await clipRow()).toEqual(rendered);
  });
});

describe("the same clip's full pass", () => {
  it("replaces the preview pass's files with the pipeline's from its 1080p original", async () => {
    expect(await processDemoClip(clip, "full")).toBe(true);
    const row = await clipRow();
    expect([row.status, row.width, row.height, row.codec]).toEqual(["published", 1920, 1080, "h264"]);
    expect(row.originalKey).toBe(demoOriginalKey(clip.id));
    expect(row.previewUrl).not.toContain(prefix);
    expect(demoOriginals()).toEqual([`${clip.id}.mp4`]);
    expect((await listClipRenditions(clip.id)).map((rendition) => rendition.name).sort()).toEqual([
      "1080p",
      "720p",
    ]);
    for (const name of ["preview.mp4", "preview-small.mp4", "storyboard.vtt", "poster-640.webp"])
      expect(await storage().exists(`${prefix}/${name}`), name).toBe(false);
    expect(await storage().exists(demoManifestKey(clip.id, "preview"))).toBe(false);
    expect(await storage().exists(demoManifestKey(clip.id))).toBe(true);
  }, 600_000);
});
