import { expect } from "vitest";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { MEDIA_JOBS } from "~/media/jobs.server";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { action, loader } from "~/studio/routes/uploads";
import { createAccount, sessionCookie } from "../factories/accounts";

export interface Creator {
  id: string;
  cookie: string;
}

/** Two signed-in creators: the one who uploads, and another who must not reach their uploads. */
export async function twoCreators(): Promise<{ creator: Creator; other: Creator }> {
  const [a, b] = [await createAccount({ role: "creator" }), await createAccount({ role: "creator" })];
  return {
    creator: { id: a.id, cookie: await sessionCookie(a.email) },
    other: { id: b.id, cookie: await sessionCookie(b.email) },
  };
}

/** The origin the studio's tus requests are addressed to in tests. */
export const BASE = "http://localhost:3000";

/** Calls the tus route module (/studio/uploads) as React Router would. */
export async function tus(
  method: string,
  pathname: string,
  cookie: string | undefined,
  headers: Record<string, string> = {},
  body?: Buffer | ReadableStream<Uint8Array>,
  clientIp?: string,
) {
  const request = new Request(`${BASE}${pathname}`, {
    method,
    headers: { "Tus-Resumable": "1.0.0", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: body instanceof Buffer ? new Uint8Array(body) : body,
    duplex: "half",
  } as RequestInit);
  const args = {
    request,
    params: { "*": pathname.replace("/studio/uploads/", "") },
    context: { clientIp },
  } as never;
  try {
    return method === "HEAD" || method === "GET" ? await loader(args) : await action(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** tus's Upload-Metadata header naming the file. */
export const metadata = (fileName: string) => `filename ${Buffer.from(fileName).toString("base64")}`;

/** Starts an upload of `length` bytes (POST). */
export function createUpload(cookie: string, fileName: string, length: number) {
  return tus("POST", "/studio/uploads/", cookie, {
    "Upload-Length": String(length),
    "Upload-Metadata": metadata(fileName),
  });
}

/** The path of the upload a POST created. */
export const locationOf = (created: Response) => new URL(created.headers.get("Location")!, BASE).pathname;

/** Sends `chunk` at `offset` (PATCH). */
export function sendChunk(location: string, cookie: string, offset: number, chunk: Buffer) {
  return tus(
    "PATCH",
    location,
    cookie,
    { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    chunk,
  );
}

/** Uploads a whole file in one PATCH; returns the clip id the server made of it. */
export async function uploadWhole(cookie: string, fileName: string, body: Buffer) {
  const created = await createUpload(cookie, fileName, body.length);
  expect(created.status).toBe(201);
  const location = locationOf(created);
  const patched = await sendChunk(location, cookie, 0, body);
  expect(patched.status).toBe(204);
  return { clipId: Number(patched.headers.get("Verdeo-Clip-Id")), location };
}

/** Works the media jobs until the clip has left `processing`. */
export async function settled(clipId: number, timeoutMs = 90_000) {
  const started = Date.now();
  for (;;) {
    await workDueJobs(MEDIA_JOBS);
    const clip = await findLifecycleClip(clipId);
    if (clip && clip.status !== "processing") return clip;
    if (Date.now() - started > timeoutMs) throw new Error(`clip ${clipId} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
