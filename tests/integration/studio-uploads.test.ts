import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import express from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { MEDIA_FAILURES } from "~/media/renditions/media-rules";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { storage } from "~/platform/storage/storage.server";
import { studioUploads } from "~/studio/schema.server";
import { UPLOAD_MESSAGES } from "~/studio/uploads/upload-limits";
import { createAccount, sessionCookie } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";
import {
  BASE,
  type Creator,
  createUpload as create,
  locationOf,
  metadata,
  sendChunk,
  settled,
  tus,
  twoCreators,
  uploadWhole as upload,
} from "../support/tus-requests";
import { makeSoundOnly, makeVideo } from "../support/video-files";

useTestDatabase();

const uploadsDir = () => path.join(config().DATA_DIR, "uploads");
const storedUploadParts = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);
/** The data left of one upload (other test files upload into the same folder at the same time). */
const partsOf = (location: string) =>
  storedUploadParts().filter(
    (file) => file.startsWith(location.split("/").at(-1)!) && !file.endsWith(".json"),
  );

let creator: Creator;
let other: Creator;

beforeAll(async () => {
  ({ creator, other } = await twoCreators());
});

describe("resumable uploads", () => {
  it("a creator's 720p clip becomes a processed clip that needs details, with previews, poster and storyboard", async () => {
    const video = makeVideo("sunrise_over-the_bay.mp4", { seconds: 4 });
    const { clipId } = await upload(creator.cookie, "sunrise_over-the_bay.mp4", video);

    const clip = await settled(clipId);

    expect(clip).toMatchObject({
      status: "needs_details",
      creatorId: creator.id,
      title: "sunrise over the bay",
      width: 1280,
      height: 720,
      orientation: "landscape",
      durationSeconds: 4,
      codec: "h264",
      frameRate: 25,
      processingProgress: 100,
    });
    expect(clip.fingerprint).toHaveLength(8);
    for (const url of [clip.previewUrl, clip.previewSmallUrl, clip.storyboardUrl, clip.thumbnailUrl]) {
      expect(url).toMatch(/^\/media\/clips\//);
      expect(await storage().exists(url!.replace("/media/", ""))).toBe(true);
    }
    expect(await storage().stat(clip.originalKey!)).toMatchObject({
      visibility: "private",
      size: video.length,
    });
  });

  it("/media serves no original: an anonymous request for an original's key is a 404", async () => {
    const { clipId } = await upload(creator.cookie, "harbour.mov", makeVideo("harbour.mov"));
    const clip = await settled(clipId);
    const app = express().use("/media", storage().serve());
    const server = http.createServer(app).listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/media/${clip.originalKey}`);
      expect(response.status).toBe(404);
      const preview = await fetch(`http://127.0.0.1:${port}${clip.previewUrl}`);
      expect(preview.status).toBe(200);
    } finally {
      server.close();
    }
  });

  it.each([
    [
      "an MP4 holding no video (sound only)",
      "holiday.mp4",
      () => makeSoundOnly("holiday.mp4"),
      MEDIA_FAILURES.notVideo,
    ],
    [
      "a 640x360 clip",
      "small.mp4",
      () => makeVideo("small.mp4", { width: 640, height: 360 }),
      MEDIA_FAILURES.tooSmall,
    ],
    ["a 2 s clip", "short.mp4", () => makeVideo("short.mp4", { seconds: 2 }), MEDIA_FAILURES.tooShort],
    [
      "a truncated file",
      "cut.mp4",
      () => makeVideo("cut.mp4", { seconds: 6, faststart: true }).subarray(0, 120_000),
      MEDIA_FAILURES.unreadable,
    ],
  ])(
    "%s ends as failed with its reason, and nothing of it stays stored",
    async (_what, name, body, reason) => {
      const { clipId, location } = await upload(creator.cookie, name, body());

      const clip = await settled(clipId);

      expect(clip.status).toBe("failed");
      expect(clip.statusReason).toBe(reason);
      expect(await storage().exists(clip.originalKey!)).toBe(false);
      expect(await storage().stat(clip.originalKey!)).toBeUndefined();
      expect(partsOf(location)).toEqual([]);
    },
  );

  it("a 5 GiB declared length is refused with its message before anything is stored", async () => {
    const before = storedUploadParts();
    const response = await create(creator.cookie, "huge.mp4", 5 * 1024 ** 3);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(storedUploadParts()).toEqual(before);
  });

  it.each([
    ["a line break", "a\r\nb.mp4"],
    ["a tab", "a\tb.mp4"],
    ["a NUL", "a\u0000b.mp4"],
  ])("a file name with %s is refused with its message and stores nothing", async (_label, fileName) => {
    const before = storedUploadParts();
    const response = await create(creator.cookie, fileName, 1000);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(UPLOAD_MESSAGES.badName);
    expect(storedUploadParts()).toEqual(before);
  });

  it("a file that is not mp4, mov, webm or mkv is refused by name", async () => {
    const response = await create(creator.cookie, "notes.txt", 1000);
    expect(response.status).toBe(415);
    expect(await response.text()).toBe(UPLOAD_MESSAGES.badContainer);
  });

  it("another creator cannot HEAD, PATCH or DELETE someone's upload: it answers as if it did not exist", async () => {
    const created = await create(creator.cookie, "mine.mp4", 1000);
    const location = new URL(created.headers.get("Location")!, BASE).pathname;

    expect((await tus("HEAD", location, other.cookie)).status).toBe(404);
    expect(
      (
        await tus(
          "PATCH",
          location,
          other.cookie,
          { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
          Buffer.alloc(10),
        )
      ).status,
    ).toBe(404);
    expect((await tus("DELETE", location, other.cookie)).status).toBe(404);
    // Still there for its owner, untouched.
    const head = await tus("HEAD", location, creator.cookie);
    expect(head.status).toBe(200);
    expect(head.headers.get("Upload-Offset")).toBe("0");
    expect((await tus("DELETE", location, creator.cookie)).status).toBe(204);
  });

  it("a PATCH whose body breaks off keeps every byte received; the upload goes on from there to the original", async () => {
    const video = makeVideo("broken-off.mp4", { seconds: 4 });
    const location = locationOf(await create(creator.cookie, "broken-off.mp4", video.length));
    const sent = Math.floor(video.length * 0.6);
    // Chunks are handed out as the client asks for them, so the break comes only after every one of
    // the `sent` bytes went to the socket (a timer from the start fired, on a loaded machine, before
    // the client had sent anything).
    let from = 0;
    const brokenOff = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (from < sent) {
            controller.enqueue(new Uint8Array(video.subarray(from, Math.min(from + 65_536, sent))));
            from += 65_536;
            return;
          }
          // The connection drops after `sent` bytes.
          await new Promise((resolve) => setTimeout(resolve, 100));
          controller.error(new Error("connection reset"));
        },
      },
      { highWaterMark: 0 },
    );
    const cut = await tus(
      "PATCH",
      location,
      creator.cookie,
      { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      brokenOff,
    );
    // The server keeps what arrived, whether it noticed the break (an error) or saw the body end
    // short (204 with the offset so far); either way the client resumes from HEAD's offset.
    expect([204, 400, 460, 500]).toContain(cut.status);

    // The server's offset says what it kept (up to `sent`: a body cut off mid-chunk may keep less),
    // and the original built from there must be the file, byte for byte.
    const head = await tus("HEAD", location, creator.cookie);
    const kept = Number(head.headers.get("Upload-Offset"));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(sent);
    const rest = await sendChunk(location, creator.cookie, kept, video.subarray(kept));
    expect(rest.status).toBe(204);
    const clip = await findLifecycleClip(Number(rest.headers.get("Verdeo-Clip-Id")));
    const original = await storage().getStream(clip!.originalKey!);
    expect((await buffer(original!.body)).equals(video)).toBe(true);
  });

  it("a PATCH with more bytes than the upload's length is refused with the overrun message, storing none past it", async () => {
    const location = locationOf(await create(creator.cookie, "longer.mp4", 1000));
    const mp4Opening = Buffer.from("\0\0\0\x14ftypisom\0\0\0\0isom", "latin1");
    const refused = await sendChunk(
      location,
      creator.cookie,
      0,
      Buffer.concat([mp4Opening, randomBytes(3 * 1024 * 1024)]),
    );
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(UPLOAD_MESSAGES.overrun);
    const head = await tus("HEAD", location, creator.cookie);
    expect(Number(head.headers.get("Upload-Offset"))).toBeLessThanOrEqual(1000);
    expect((await tus("DELETE", location, creator.cookie)).status).toBe(204);
  });

  it("visitors and users without the creator role cannot start an upload", async () => {
    const user = await createAccount({ role: "user" });
    expect((await create("", "a.mp4", 1000).catch(() => new Response(null, { status: 0 }))).status).toBe(401);
    expect((await create(await sessionCookie(user.email), "a.mp4", 1000)).status).toBe(403);
  });

  it("a creator may have 10 uploads in progress; the 11th is refused with its message", async () => {
    const account = await createAccount({ role: "creator" });
    const cookie = await sessionCookie(account.email);
    const results = await Promise.all(
      Array.from({ length: 11 }, (_, index) => create(cookie, `part-${index}.mp4`, 1000)),
    );
    const refused = results.filter((response) => response.status === 429);
    expect(results.filter((response) => response.status === 201)).toHaveLength(10);
    expect(refused).toHaveLength(1);
    expect(await refused[0]!.text()).toBe(UPLOAD_MESSAGES.tooMany);
  });

  it("past the upload-start policy's limit per creator, a start is refused with its message and stores nothing", async () => {
    const account = await createAccount({ role: "creator" });
    const cookie = await sessionCookie(account.email);
    const { limit } = RATE_LIMIT_POLICIES.upload_start.perUser;
    // Each start is cancelled at once, so the in-progress limit never answers instead of the policy.
    for (let index = 0; index < limit; index++) {
      const created = await tus("POST", "/studio/uploads/", cookie, {
        "Upload-Length": "1000",
        "Upload-Metadata": metadata(`take-${index}.mp4`),
      });
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get("Location")!, BASE).pathname;
      expect((await tus("DELETE", location, cookie)).status).toBe(204);
    }
    const partsBefore = storedUploadParts();

    const refused = await create(cookie, "one-more.mp4", 1000);

    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(UPLOAD_MESSAGES.tooFast);
    expect(await db().select().from(studioUploads).where(eq(studioUploads.fileName, "one-more.mp4"))).toEqual(
      [],
    );
    expect(storedUploadParts()).toEqual(partsBefore);
  });

  it("the upload-start policy also counts per address: another creator on a spent address is refused", async () => {
    const address = "203.0.113.77";
    const { limit } = RATE_LIMIT_POLICIES.upload_start.perIp;
    const creators = await Promise.all(
      Array.from({ length: Math.ceil(limit / 10) + 1 }, () => createAccount({ role: "creator" })),
    );
    const cookies = await Promise.all(creators.map((account) => sessionCookie(account.email)));
    const start = (cookie: string, index: number) =>
      tus(
        "POST",
        "/studio/uploads/",
        cookie,
        { "Upload-Length": "1000", "Upload-Metadata": metadata(`ip-${index}.mp4`) },
        undefined,
        address,
      );
    for (let index = 0; index < limit; index++) {
      const created = await start(cookies[Math.floor(index / 10)]!, index);
      expect(created.status).toBe(201);
    }
    const last = cookies.at(-1)!;
    const refused = await start(last, limit);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(UPLOAD_MESSAGES.tooFast);
  });

  it("a re-encoded copy of an existing clip is flagged as its likely duplicate", async () => {
    const original = makeVideo("orig.mp4", { source: "mandelbrot=s=1280x720:r=25", seconds: 4 });
    const copy = makeVideo("copy.mp4", {
      source: "mandelbrot=s=1280x720:r=25",
      seconds: 4,
      filter: "eq=brightness=0.03",
    });
    const first = await settled((await upload(creator.cookie, "orig.mp4", original)).clipId);
    const second = await settled((await upload(other.cookie, "copy.mp4", copy)).clipId);
    const unrelated = await settled(
      (
        await upload(
          other.cookie,
          "bars.mp4",
          makeVideo("bars.mp4", { source: "smptehdbars=s=1280x720:r=25" }),
        )
      ).clipId,
    );

    expect(second.duplicateOfId).toBe(first.id);
    expect(unrelated.duplicateOfId).toBeNull();
  }, 180_000);
});
