import { eq } from "drizzle-orm";
import * as tusClient from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCreatorClips } from "~/catalog/clips/clip-lifecycle.server";
import { db } from "~/platform/db/client.server";
import { studioUploads } from "~/studio/schema.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/studio/uploads/upload-limits";
import { createAccount, sessionCookie } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";
import { rawRequest, startTusServer } from "../support/tus-http";
import {
  BASE,
  type Creator,
  createUpload,
  locationOf,
  metadata,
  sendChunk,
  tus,
} from "../support/tus-requests";
import { makeVideo } from "../support/video-files";

useTestDatabase();

/** A creator of their own per test, so clip and upload counts are theirs alone. */
async function newCreator(): Promise<Creator> {
  const account = await createAccount({ role: "creator" });
  return { id: account.id, cookie: await sessionCookie(account.email) };
}

const clipsOf = async (creator: Creator) => (await listCreatorClips(creator.id)).length;
const uploadsOf = (creator: Creator) =>
  db().select().from(studioUploads).where(eq(studioUploads.creatorId, creator.id));

const HTML = Buffer.from("<!DOCTYPE html><html><body>not a video</body></html>\n");

/** creation-with-upload: the whole file in the POST that starts the upload. */
function createWithBody(cookie: string, fileName: string, body: Buffer, extra: Record<string, string> = {}) {
  return tus(
    "POST",
    "/studio/uploads/",
    cookie,
    {
      "Upload-Length": String(body.length),
      "Upload-Metadata": metadata(fileName) + (extra.uploadKey ? `,uploadKey ${btoa(extra.uploadKey)}` : ""),
      "Content-Type": "application/offset+octet-stream",
    },
    body,
  );
}

let server: Awaited<ReturnType<typeof startTusServer>>;
beforeAll(async () => {
  server = await startTusServer();
});
afterAll(async () => {
  await server.close();
});

describe("tus with a raw client", () => {
  it("creation-with-upload answers 201 with Location and the clip id, and makes exactly one clip", async () => {
    const creator = await newCreator();
    const video = makeVideo("whole-in-post.mp4");

    const created = await createWithBody(creator.cookie, "whole-in-post.mp4", video);

    expect(created.status).toBe(201);
    expect(created.headers.get("Location")).toMatch(/^\/studio\/uploads\/\.tus-[0-9a-f]{32}$/);
    expect(created.headers.get("Upload-Offset")).toBe(String(video.length));
    const clipId = Number(created.headers.get("Verdeo-Clip-Id"));
    expect(clipId).toBeGreaterThan(0);
    const clips = await listCreatorClips(creator.id);
    expect(clips.map((clip) => clip.id)).toEqual([clipId]);
  });

  it("a retried start with the same upload key answers with the first upload and its clip: one clip", async () => {
    const creator = await newCreator();
    const video = makeVideo("retried.mp4");
    const first = await createWithBody(creator.cookie, "retried.mp4", video, { uploadKey: "k-123_abc" });
    const again = await createWithBody(creator.cookie, "retried.mp4", video, { uploadKey: "k-123_abc" });

    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(again.headers.get("Verdeo-Clip-Id")).toBe(first.headers.get("Verdeo-Clip-Id"));
    expect(again.headers.get("Upload-Offset")).toBe(String(video.length));
    expect(await clipsOf(creator)).toBe(1);
    expect(await uploadsOf(creator)).toHaveLength(1);
  });

  it("a retried start of an upload in progress answers with it and the offset to resume from", async () => {
    const creator = await newCreator();
    const video = makeVideo("half-way.mp4");
    const start = () =>
      tus("POST", "/studio/uploads/", creator.cookie, {
        "Upload-Length": String(video.length),
        "Upload-Metadata": `${metadata("half-way.mp4")},uploadKey ${btoa("half-way-1")}`,
      });
    const first = await start();
    await sendChunk(locationOf(first), creator.cookie, 0, video.subarray(0, 1000));

    const again = await start();

    expect(again.status).toBe(201);
    expect(locationOf(again)).toBe(locationOf(first));
    expect(again.headers.get("Upload-Offset")).toBe("1000");
    const rest = await sendChunk(locationOf(again), creator.cookie, 1000, video.subarray(1000));
    expect(rest.status).toBe(204);
    expect(await clipsOf(creator)).toBe(1);
  });

  it("an upload key that is not 1-100 letters, digits, dashes or underscores is refused with its message", async () => {
    const creator = await newCreator();
    const refused = await createWithBody(creator.cookie, "k.mp4", makeVideo("k.mp4"), {
      uploadKey: "a b\u0000",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(UPLOAD_MESSAGES.badUploadKey);
    expect(await clipsOf(creator)).toBe(0);
  });

  it("OPTIONS answers tus's discovery headers (versions, extensions, size limit), not 405", async () => {
    const response = await rawRequest(
      server.port,
      "OPTIONS /studio/uploads HTTP/1.1\nHost: localhost\nConnection: close\n",
    );
    expect(response.status).toBe(204);
    expect(response.headers["tus-version"]).toBe("1.0.0");
    expect(response.headers["tus-extension"]?.split(",")).toEqual(
      expect.arrayContaining(["creation", "creation-with-upload", "termination", "expiration"]),
    );
    expect(response.headers["tus-max-size"]).toBe(String(MAX_UPLOAD_BYTES));
  });

  it("an empty upload (Upload-Length: 0) is refused with the empty-file message and makes no clip", async () => {
    const creator = await newCreator();
    const refused = await tus("POST", "/studio/uploads/", creator.cookie, {
      "Upload-Length": "0",
      "Upload-Metadata": metadata("empty.mp4"),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(UPLOAD_MESSAGES.empty);
    expect(refused.headers.get("Verdeo-Clip-Id")).toBeNull();
    expect(await clipsOf(creator)).toBe(0);
    expect(await uploadsOf(creator)).toEqual([]);
  });

  it("20 bytes sent on a 10-byte upload are refused with the overrun message, not the 4 GB one", async () => {
    const creator = await newCreator();
    const response = await rawRequest(
      server.port,
      [
        "POST /studio/uploads HTTP/1.1",
        "Host: localhost",
        "Connection: close",
        `Cookie: ${creator.cookie}`,
        "Tus-Resumable: 1.0.0",
        "Upload-Length: 10",
        `Upload-Metadata: ${metadata("ten.mp4")}`,
        "Content-Type: application/offset+octet-stream",
        "Content-Length: 20",
        "",
      ].join("\n"),
      Buffer.from("\0\0\0\x14ftypisom\0\0\0\0\0\0\0\0", "latin1"),
    );
    expect(response.status).toBe(413);
    expect(response.body).toBe(UPLOAD_MESSAGES.overrun);
    expect(await clipsOf(creator)).toBe(0);
  });

  it("an HTML file named .mp4 is refused by its first bytes, with the accepted formats, in a POST or a PATCH", async () => {
    const creator = await newCreator();
    const inPost = await createWithBody(creator.cookie, "page.mp4", HTML);
    expect(inPost.status).toBe(415);
    expect(await inPost.text()).toBe(UPLOAD_MESSAGES.notVideoContent);
    expect(UPLOAD_MESSAGES.notVideoContent).toContain("MP4, MOV, WebM or MKV");

    const created = await createUpload(creator.cookie, "page.mp4", HTML.length);
    const inPatch = await sendChunk(locationOf(created), creator.cookie, 0, HTML);
    expect(inPatch.status).toBe(415);
    expect(await inPatch.text()).toBe(UPLOAD_MESSAGES.notVideoContent);
    // Nothing is kept of it: no clip, no upload left counting against the creator.
    expect(await clipsOf(creator)).toBe(0);
    expect(await uploadsOf(creator)).toEqual([]);
  });

  it("an HTML file sent in chunks too short to judge is refused when it is finished", async () => {
    const creator = await newCreator();
    const location = locationOf(await createUpload(creator.cookie, "bits.mp4", HTML.length));
    expect((await sendChunk(location, creator.cookie, 0, HTML.subarray(0, 4))).status).toBe(204);
    const last = await sendChunk(location, creator.cookie, 4, HTML.subarray(4));
    expect(last.status).toBe(415);
    expect(await last.text()).toBe(UPLOAD_MESSAGES.notVideoContent);
    expect(await clipsOf(creator)).toBe(0);
  });
});

/** Runs one tus-js-client upload to the end: its last answer, or the error it gave up with. */
function clientUpload(
  cookie: string,
  body: Buffer,
  options: Partial<tusClient.UploadOptions> & { metadata: Record<string, string> },
) {
  return new Promise<{ clipId?: number; url: string | null; error?: string }>((resolve) => {
    const upload = new tusClient.Upload(body, {
      endpoint: server.endpoint,
      headers: { Cookie: cookie },
      retryDelays: [],
      ...options,
      onSuccess: ({ lastResponse }) =>
        resolve({
          clipId: Number(lastResponse.getHeader("Verdeo-Clip-Id")) || undefined,
          url: upload.url,
        }),
      onError: (error) => resolve({ error: String(error), url: upload.url }),
    });
    upload.start();
  });
}

describe("tus with tus-js-client", () => {
  it.each([
    ["creation, then PATCH", {}],
    ["creation-with-upload", { uploadDataDuringCreation: true }],
    ["creation, then PATCHes of 64 KiB", { chunkSize: 65_536 }],
  ])("%s: the upload ends with the clip id in the last answer and one clip", async (_how, options) => {
    const creator = await newCreator();
    const video = makeVideo("client.mp4");
    const result = await clientUpload(creator.cookie, video, {
      ...options,
      metadata: { filename: "client.mp4", filetype: "video/mp4" },
    });
    expect(result.error).toBeUndefined();
    expect(result.clipId).toBeGreaterThan(0);
    expect((await listCreatorClips(creator.id)).map((clip) => clip.id)).toEqual([result.clipId]);
  });

  it("two uploads of one file with the same upload key make one clip", async () => {
    const creator = await newCreator();
    const video = makeVideo("twice.mp4");
    const metadataWithKey = { filename: "twice.mp4", filetype: "video/mp4", uploadKey: "same-key-1" };
    const first = await clientUpload(creator.cookie, video, {
      uploadDataDuringCreation: true,
      metadata: metadataWithKey,
    });
    const second = await clientUpload(creator.cookie, video, {
      uploadDataDuringCreation: true,
      metadata: metadataWithKey,
    });
    expect(first.error).toBeUndefined();
    expect(second.error).toBeUndefined();
    expect(second.clipId).toBe(first.clipId);
    expect(await clipsOf(creator)).toBe(1);
  });

  it("an empty file gets the empty-file message", async () => {
    const creator = await newCreator();
    const result = await clientUpload(creator.cookie, Buffer.alloc(0), {
      metadata: { filename: "empty.mp4", filetype: "video/mp4" },
    });
    expect(result.error).toContain(UPLOAD_MESSAGES.empty);
    expect(await clipsOf(creator)).toBe(0);
  });

  it("an HTML file named .mp4 gets the accepted formats, and no clip is made", async () => {
    const creator = await newCreator();
    for (const uploadDataDuringCreation of [false, true]) {
      const result = await clientUpload(creator.cookie, HTML, {
        uploadDataDuringCreation,
        metadata: { filename: "page.mp4", filetype: "video/mp4" },
      });
      expect(result.error).toContain(UPLOAD_MESSAGES.notVideoContent);
    }
    expect(await clipsOf(creator)).toBe(0);
  });
});

// The URL the raw client tests are addressed to, for the reader: the tests call the route as React Router does.
void BASE;
