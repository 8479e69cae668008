import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/accounts/auth/password.server";
import { account, profiles, user } from "~/accounts/schema.server";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { type S3Bucket, startS3Bucket } from "../support/s3-bucket";
import { DEPLOYMENT_SETTINGS, type ServerProcess, startBuiltServer } from "../support/server-process";

/**
 * Two web processes of the production build on one external PostgreSQL and one S3 bucket, as behind
 * a load balancer: a resumable upload's chunks reach whichever process, one of them restarts midway,
 * and the tus S3 store's record of the upload (its multipart upload) is the shared one in
 * `tus_upload_metadata`, never a process's memory nor a read of the bucket's `.info` object.
 */
const MiB = 1024 * 1024;
const PASSWORD = "a-creator-password-123";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let bucket: S3Bucket;
let database: EmbeddedDatabase;
let dataDir: string;
let client: pg.Client;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

async function startWebProcess() {
  const server = await startBuiltServer(env);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  bucket = await startS3Bucket();
  dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-tus-shared-"));
  database = await startEmbeddedPostgres(dataDir, () => {});
  env = {
    ...DEPLOYMENT_SETTINGS,
    ...bucket.env,
    DATABASE_URL: database.url,
    BETTER_AUTH_SECRET: "t".repeat(40),
    SEED_ON_START: "false",
    // No job workers: the test looks at the clip the upload made, not at its processing.
    WORKERS: "0",
  };
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await client?.end();
  await database?.stop();
  await bucket?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A creator straight in the shared database, signed in on `server` (the session serves every process). */
async function signedInCreator(server: ServerProcess) {
  const id = `creator-${randomBytes(4).toString("hex")}`;
  const email = `${id}@example.test`;
  const db = drizzle(client);
  await db.insert(user).values({ id, name: "Shared Uploader", email, emailVerified: true });
  await db.insert(account).values({
    id: `${id}-credential`,
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(PASSWORD),
  });
  await db
    .insert(profiles)
    .values({ id, email, fullName: "Shared Uploader", username: id.replace("-", "_"), role: "creator" });
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "password", email, password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  if (!cookies.some((line) => line?.includes("session_token")))
    throw new Error(`no session: ${response.status}`);
  return { id, cookie: cookies.join("; ") };
}

/** One tus request to a process, as a browser's tus client on that origin sends it. */
function tus(
  server: ServerProcess,
  cookie: string,
  method: string,
  target: string,
  headers = {},
  body?: Buffer,
) {
  return fetch(new URL(target, server.url), {
    method,
    redirect: "manual",
    headers: { Origin: server.url, Cookie: cookie, "Tus-Resumable": "1.0.0", ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

function patch(server: ServerProcess, cookie: string, location: string, offset: number, chunk: Buffer) {
  return tus(
    server,
    cookie,
    "PATCH",
    location,
    { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    chunk,
  );
}

async function metadataRows(id: string) {
  const { rows } = await client.query<{ multipart_upload_id: string }>(
    "select multipart_upload_id from tus_upload_metadata where id = $1",
    [id],
  );
  return rows;
}

/** An MP4's opening box, then noise: passes the upload's content check, and S3 cannot compress it. */
const videoLike = (size: number) =>
  Buffer.concat([Buffer.from("\0\0\0\x14ftypisom\0\0\0\0isom", "latin1"), randomBytes(size - 20)]);

/** Starts an upload on `server`; its path and id. */
async function startUpload(server: ServerProcess, cookie: string, fileName: string, size: number) {
  const created = await tus(server, cookie, "POST", "/studio/uploads", {
    "Upload-Length": String(size),
    "Upload-Metadata": `filename ${Buffer.from(fileName).toString("base64")}`,
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get("Location")!, server.url).pathname;
  return { location, id: location.replace("/studio/uploads/", "") };
}

async function offsetOn(server: ServerProcess, cookie: string, location: string) {
  const head = await tus(server, cookie, "HEAD", location);
  expect(head.status).toBe(200);
  return Number(head.headers.get("Upload-Offset"));
}

/** The finished upload made one clip in processing, whose private original holds exactly `body`. */
async function expectClipOf(clipId: number, uploadId: string, creatorId: string, body: Buffer) {
  const { rows: clips } = await client.query(
    "select status, user_id, original_key from clips where id = $1",
    [clipId],
  );
  expect(clips).toEqual([{ status: "processing", user_id: creatorId, original_key: expect.any(String) }]);
  const { rows: uploads } = await client.query("select state, clip_id from studio_uploads where id = $1", [
    uploadId,
  ]);
  expect(uploads).toEqual([{ state: "completed", clip_id: clipId }]);
  const s3 = new S3Client(bucket.options);
  try {
    const original = await s3.send(
      new GetObjectCommand({ Bucket: "media", Key: `.private/${clips[0].original_key}` }),
    );
    expect(sha256(await original.Body!.transformToByteArray())).toBe(sha256(body));
  } finally {
    s3.destroy();
  }
}

/**
 * Every process found the upload in the shared table: none read `.info` back from the bucket, and
 * the record and the upload's objects went with the finished upload.
 */
async function expectSharedRecordOnly(uploadId: string) {
  const infoReads = bucket
    .requests()
    .filter((request) => request.method === "GET" && request.key === `${uploadId}.info`);
  expect(infoReads).toEqual([]);
  expect(await metadataRows(uploadId)).toEqual([]);
  expect((await bucket.keys()).filter((key) => key.startsWith(uploadId))).toEqual([]);
}

describe("a resumable S3 upload across two web processes", () => {
  let live: [ServerProcess, ServerProcess];
  let creator: { id: string; cookie: string };

  it("is begun on one, resumed on the other while the first restarts, and finished on the restarted one", async () => {
    const first = await startWebProcess();
    const second = await startWebProcess();
    creator = await signedInCreator(first);
    // 12 MiB, sent as a whole multipart part (6 MiB), a piece under S3's 5 MiB minimum (3 MiB,
    // kept aside as `.part`), and the last 3 MiB.
    const body = videoLike(12 * MiB);
    const { location, id } = await startUpload(first, creator.cookie, "two_nodes.mp4", body.length);
    const sent = await patch(first, creator.cookie, location, 0, body.subarray(0, 6 * MiB));
    expect(sent.status).toBe(204);
    expect(sent.headers.get("Upload-Offset")).toBe(String(6 * MiB));
    const [record] = await metadataRows(id);
    expect(record?.multipart_upload_id).toEqual(expect.any(String));

    // The first process stops (a deploy, a scale-in) while the creator carries on with the other.
    const restarting = first.stop("SIGTERM");
    const head = await tus(second, creator.cookie, "HEAD", location);
    expect(head.status).toBe(200);
    expect(head.headers.get("Upload-Offset")).toBe(String(6 * MiB));
    expect(head.headers.get("Upload-Length")).toBe(String(body.length));
    const resumed = await patch(second, creator.cookie, location, 6 * MiB, body.subarray(6 * MiB, 9 * MiB));
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get("Upload-Offset")).toBe(String(9 * MiB));
    expect(await restarting).toBe(0);

    const restarted = await startWebProcess();
    expect(await offsetOn(restarted, creator.cookie, location)).toBe(9 * MiB);
    const last = await patch(restarted, creator.cookie, location, 9 * MiB, body.subarray(9 * MiB));
    expect(last.status).toBe(204);
    expect(last.headers.get("Upload-Offset")).toBe(String(body.length));
    const clipId = Number(last.headers.get("Verdeo-Clip-Id"));
    expect(clipId).toBeGreaterThan(0);

    await expectClipOf(clipId, id, creator.id, body);
    await expectSharedRecordOnly(id);
    live = [second, restarted];
  });

  it("alternates its chunks between two live processes, each seeing the offset the other reached", async () => {
    const body = videoLike(14 * MiB);
    // A whole part, a piece kept aside, a chunk that completes that piece into a part, and the end:
    // each sent to one process after the other process has seen the upload.
    const chunks = [6 * MiB, 2 * MiB, 4 * MiB, 2 * MiB];
    const { location, id } = await startUpload(live[0], creator.cookie, "alternating.mp4", body.length);
    let offset = 0;
    let clipId = 0;
    for (const [index, size] of chunks.entries()) {
      const [sender, other] = index % 2 === 0 ? live : [live[1], live[0]];
      expect(await offsetOn(sender, creator.cookie, location)).toBe(offset);
      const sent = await patch(
        sender,
        creator.cookie,
        location,
        offset,
        body.subarray(offset, offset + size),
      );
      expect(sent.status).toBe(204);
      offset += size;
      expect(sent.headers.get("Upload-Offset")).toBe(String(offset));
      if (offset < body.length) expect(await offsetOn(other, creator.cookie, location)).toBe(offset);
      else clipId = Number(sent.headers.get("Verdeo-Clip-Id"));
    }

    expect(clipId).toBeGreaterThan(0);
    await expectClipOf(clipId, id, creator.id, body);
    await expectSharedRecordOnly(id);
    for (const server of servers) expect(server.errors()).toEqual([]);
  });
});
