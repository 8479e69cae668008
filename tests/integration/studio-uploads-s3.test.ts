import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { loadConfig } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { storage } from "~/platform/storage/storage.server";
import { studioUploads, tusUploadMetadata } from "~/studio/schema.server";
import { UPLOAD_EXPIRY_HOURS, UPLOAD_MESSAGES } from "~/studio/uploads/upload-limits";
import { removeExpiredUploads } from "~/studio/uploads/uploads.server";
import { useTestDatabase } from "../setup/database";
import { type S3Bucket, startS3Bucket } from "../support/s3-bucket";
import {
  type Creator,
  createUpload as create,
  locationOf,
  sendChunk as patch,
  settled,
  tus,
  twoCreators,
  uploadWhole,
} from "../support/tus-requests";
import { makeVideo } from "../support/video-files";

/**
 * The studio's resumable uploads with S3_BUCKET set: tus keeps unfinished uploads as multipart uploads
 * in the bucket (@tus/s3-store), and a finished one becomes a private original in the same bucket.
 * The bucket is s3rver, in-process, or one on the real engine S3_TEST_ENDPOINT names (tests/support/s3-bucket.ts).
 */
let bucket: S3Bucket;
beforeAll(async () => {
  bucket = await startS3Bucket();
  loadConfig({ ...process.env, ...bucket.env });
});
afterAll(async () => {
  await bucket?.close();
});

useTestDatabase();

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The tus store's shared record of an upload (its multipart upload's id), if there is one. */
async function metadataRecord(id: string) {
  const [row] = await db().select().from(tusUploadMetadata).where(eq(tusUploadMetadata.id, id));
  return row;
}

/** Reads of an upload's `.info` object from the bucket so far. */
const infoReads = (id: string) =>
  bucket.requests().filter((request) => request.method === "GET" && request.key === `${id}.info`);

let creator: Creator;
let other: Creator;

beforeAll(async () => {
  ({ creator, other } = await twoCreators());
});

/**
 * A 20 MiB upload with 7 MiB sent: a whole part in the multipart upload and a piece under S3's
 * 5 MiB minimum, which the store keeps as an object of its own.
 */
async function partlyUploaded(fileName: string) {
  // An MP4's opening box, then noise: the upload's first bytes pass the content check.
  const body = Buffer.concat([
    Buffer.from("\0\0\0\x14ftypisom\0\0\0\0isom", "latin1"),
    randomBytes(7 * MiB - 20),
  ]);
  const location = locationOf(await create(creator.cookie, fileName, 20 * MiB));
  expect((await patch(location, creator.cookie, 0, body.subarray(0, 6 * MiB))).status).toBe(204);
  expect((await patch(location, creator.cookie, 6 * MiB, body.subarray(6 * MiB))).status).toBe(204);
  return { location, id: location.replace("/studio/uploads/", "") };
}

describe("resumable uploads into an S3 bucket", () => {
  it("an upload sent in three PATCHes resumes at the offset HEAD reports and ends as the clip's private original in the bucket", async () => {
    // Noise keeps the video large: a first PATCH of 6 MiB is a whole multipart part, a second of
    // 1 MiB is under S3's 5 MiB minimum (kept aside by the store), the third finishes the upload.
    const video = makeVideo("s3-noise.mp4", { seconds: 4, filter: "noise=alls=10:allf=t" });
    expect(video.length).toBeGreaterThan(8 * MiB);
    const created = await create(creator.cookie, "noisy_harbour.mp4", video.length);
    expect(created.status).toBe(201);
    const location = locationOf(created);
    const id = location.replace("/studio/uploads/", "");
    expect(await metadataRecord(id)).toMatchObject({
      multipartUploadId: expect.any(String),
      upload: { id, size: video.length, metadata: { filename: "noisy_harbour.mp4" } },
    });

    const first = await patch(location, creator.cookie, 0, video.subarray(0, 6 * MiB));
    expect(first.status).toBe(204);
    expect(first.headers.get("Upload-Offset")).toBe(String(6 * MiB));
    const second = await patch(location, creator.cookie, 6 * MiB, video.subarray(6 * MiB, 7 * MiB));
    expect(second.status).toBe(204);
    const head = await tus("HEAD", location, creator.cookie);
    expect(head.status).toBe(200);
    expect(head.headers.get("Upload-Offset")).toBe(String(7 * MiB));
    expect(head.headers.get("Upload-Length")).toBe(String(video.length));
    const before = bucket.requests().length;
    const last = await patch(location, creator.cookie, 7 * MiB, video.subarray(7 * MiB));
    expect(last.status).toBe(204);
    expect(last.headers.get("Upload-Offset")).toBe(String(video.length));
    const finishing = bucket.requests().slice(before);

    const clip = await findLifecycleClip(Number(last.headers.get("Verdeo-Clip-Id")));
    expect(clip).toMatchObject({ status: "processing", creatorId: creator.id, title: "noisy harbour" });
    expect(clip!.originalKey).toMatch(new RegExp(`^originals/${creator.id}/[0-9a-f]{32}\\.mp4$`));
    expect(await bucket.keys()).toEqual([`.private/${clip!.originalKey}`]);
    expect(await bucket.openMultipartUploads()).toEqual([]);
    expect(await storage().stat(clip!.originalKey!)).toMatchObject({
      visibility: "private",
      size: video.length,
    });
    const read = await storage().getStream(clip!.originalKey!);
    expect(sha256(Buffer.concat(await read!.body.toArray()))).toBe(sha256(video));

    // The upload's metadata came from the shared table all along, and went with the upload.
    expect(infoReads(id)).toEqual([]);
    expect(await metadataRecord(id)).toBeUndefined();
    // While the upload finished, the bucket copied it itself: the app neither read it back nor sent
    // the original's bytes (no GetObject of the upload, no PutObject or multipart upload of the original).
    const original = `.private/${clip!.originalKey}`;
    expect(finishing.filter((request) => request.copySource)).toEqual([
      expect.objectContaining({ method: "PUT", key: original, copySource: `${bucket.options.bucket}/${id}` }),
    ]);
    // GetObject of the upload (its ListParts, GETs with an uploadId, are the store's own bookkeeping).
    const readsOfUpload = finishing.filter(
      (request) => request.method === "GET" && request.key === id && !request.query.includes("uploadId"),
    );
    expect(readsOfUpload).toEqual([]);
    expect(
      finishing.filter(
        (request) =>
          request.key === original && ["PUT", "POST"].includes(request.method) && !request.copySource,
      ),
    ).toEqual([]);
  });

  it("another creator cannot HEAD, PATCH or DELETE someone's upload, and the bucket keeps it as it was", async () => {
    const created = await create(creator.cookie, "mine.mp4", 1000);
    const location = locationOf(created);
    const stored = await bucket.keys();
    const open = await bucket.openMultipartUploads();

    expect((await tus("HEAD", location, other.cookie)).status).toBe(404);
    expect((await patch(location, other.cookie, 0, Buffer.alloc(10))).status).toBe(404);
    expect((await tus("DELETE", location, other.cookie)).status).toBe(404);

    expect(await bucket.keys()).toEqual(stored);
    expect(await bucket.openMultipartUploads()).toEqual(open);
    const head = await tus("HEAD", location, creator.cookie);
    expect(head.status).toBe(200);
    expect(head.headers.get("Upload-Offset")).toBe("0");
    expect((await tus("DELETE", location, creator.cookie)).status).toBe(204);
  });

  it.each([
    ["a 5 GiB declared length", "huge.mp4", 5 * 1024 ** 3, 413, UPLOAD_MESSAGES.tooLarge],
    ["a file that is not mp4, mov, webm or mkv", "notes.txt", 1000, 415, UPLOAD_MESSAGES.badContainer],
    ["a file name with a line break", "a\r\nb.mp4", 1000, 400, UPLOAD_MESSAGES.badName],
  ])(
    "%s is refused with its message before anything reaches the bucket",
    async (_what, name, length, status, message) => {
      const stored = await bucket.keys();
      const open = await bucket.openMultipartUploads();

      const response = await create(creator.cookie, name, length);

      expect(response.status).toBe(status);
      expect(await response.text()).toBe(message);
      expect(await bucket.keys()).toEqual(stored);
      expect(await bucket.openMultipartUploads()).toEqual(open);
    },
  );

  it("a cancelled upload leaves neither an object nor a multipart upload in the bucket", async () => {
    const stored = await bucket.keys();
    const { location, id } = await partlyUploaded("changed-my-mind.mp4");
    expect(await bucket.openMultipartUploads()).toEqual([id]);
    expect((await bucket.keys()).filter((key) => key.startsWith(id))).not.toEqual([]);

    expect(await metadataRecord(id)).toBeDefined();

    expect((await tus("DELETE", location, creator.cookie)).status).toBe(204);

    expect(await bucket.keys()).toEqual(stored);
    expect(await bucket.openMultipartUploads()).toEqual([]);
    expect(await metadataRecord(id)).toBeUndefined();
    expect((await tus("HEAD", location, creator.cookie)).status).toBe(404);
  });

  it("the sweep removes an upload left unfinished past its expiry from the bucket, the piece under 5 MiB too", async () => {
    const { location, id } = await partlyUploaded("left-behind.mp4");
    const startedLongAgo = new Date(Date.now() - (UPLOAD_EXPIRY_HOURS + 1) * 3_600_000);
    await db().update(studioUploads).set({ createdAt: startedLongAgo }).where(eq(studioUploads.id, id));

    expect(await removeExpiredUploads()).toBe(1);

    expect((await bucket.keys()).filter((key) => key.startsWith(id))).toEqual([]);
    expect(await bucket.openMultipartUploads()).not.toContain(id);
    expect(await metadataRecord(id)).toBeUndefined();
    expect((await tus("HEAD", location, creator.cookie)).status).toBe(404);
  });

  it("the sweep drops metadata records older than the upload expiry that no upload row accounts for", async () => {
    const { location, id } = await partlyUploaded("in-progress.mp4");
    const startedLongAgo = new Date(Date.now() - (UPLOAD_EXPIRY_HOURS + 1) * 3_600_000);
    await db()
      .insert(tusUploadMetadata)
      .values({
        id: ".tus-left-by-a-crash",
        multipartUploadId: "gone",
        tusVersion: "1.0.0",
        upload: { id: ".tus-left-by-a-crash", offset: 0, size: 10 },
        createdAt: startedLongAgo,
      });

    await removeExpiredUploads();

    expect(await metadataRecord(".tus-left-by-a-crash")).toBeUndefined();
    expect(await metadataRecord(id)).toBeDefined();
    expect((await tus("DELETE", location, creator.cookie)).status).toBe(204);
  });

  it("the media pipeline reads an original from the bucket and stores the clip's renditions beside it", async () => {
    const { clipId } = await uploadWhole(creator.cookie, "bucket_sunrise.mp4", makeVideo("bucket.mp4"));

    const clip = await settled(clipId);

    expect(clip).toMatchObject({ status: "needs_details", width: 1280, height: 720, durationSeconds: 4 });
    const keys = await bucket.keys();
    expect(keys).toContain(`.private/${clip.originalKey}`);
    for (const url of [clip.previewUrl, clip.previewSmallUrl, clip.storyboardUrl, clip.thumbnailUrl]) {
      expect(url).toMatch(/^\/media\/clips\//);
      expect(keys).toContain(url!.replace("/media/", ""));
    }
    expect(keys.filter((key) => key.startsWith(".tus-"))).toEqual([]);
  }, 120_000);
});
