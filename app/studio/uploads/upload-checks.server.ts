import { open } from "node:fs/promises";
import path from "node:path";
import { Metadata } from "@tus/server";
import { hasVideoContainerMagic, SIGNATURE_BYTES } from "~/media/processing/container-signature";
import type { UploadFileStore } from "./upload-file-store.server";
import { UPLOAD_KEY_PATTERN, UPLOAD_MESSAGES } from "./upload-limits";
import type { UploadS3Store } from "./upload-s3-store.server";
import { deleteUpload, selectUpload, selectUploadByKey } from "./uploads.queries.server";

/**
 * What the upload endpoint decides before tus sees a request (uploads.server.ts): a retried start
 * by its upload key, and the content by its first bytes.
 */
export type UploadStore = UploadFileStore | UploadS3Store;

/** An answer given before tus sees the request, with tus's protocol header. */
export function answer(status: number, body: string | null, headers: Record<string, string> = {}) {
  return new Response(body, {
    status,
    headers: {
      "Tus-Resumable": "1.0.0",
      ...(body ? { "Content-Type": "text/plain; charset=utf-8" } : {}),
      ...headers,
    },
  });
}

/** The first bytes of a finished upload on local disk. */
export async function firstBytesOf(store: UploadFileStore, id: string) {
  const handle = await open(path.join(store.directory, id), "r");
  try {
    const head = Buffer.alloc(SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(head, 0, SIGNATURE_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Forgets an upload and its bytes (a refused one). */
export async function discardUpload(store: UploadStore, id: string) {
  await store.remove(id).catch(() => {});
  await deleteUpload(id);
}

/**
 * A start (POST) with a key this creator used before answers with that upload, so a client that
 * retries a start it never got the answer to does not make a second clip: a finished one with its
 * clip id, one in progress with the offset to resume from. The body of the retry is not read.
 */
export async function replayOfUploadKey(
  request: Request,
  creatorId: string,
  store: UploadStore,
  uploadsPath: string,
) {
  let metadata: Record<string, string | null> | undefined;
  try {
    metadata = Metadata.parse(request.headers.get("upload-metadata") ?? undefined);
  } catch {
    return undefined; // tus answers malformed metadata itself
  }
  const key = metadata?.uploadKey ?? undefined;
  if (key === undefined) return undefined;
  if (!UPLOAD_KEY_PATTERN.test(key)) return answer(400, UPLOAD_MESSAGES.badUploadKey);
  const existing = await selectUploadByKey(creatorId, key);
  if (!existing) return undefined;
  const location = `${uploadsPath}/${existing.id}`;
  if (existing.state === "completed")
    return answer(201, null, {
      Location: location,
      "Upload-Offset": String(existing.sizeBytes),
      ...(existing.clipId ? { "Verdeo-Clip-Id": String(existing.clipId) } : {}),
    });
  const { offset } = await store.getUpload(existing.id);
  return answer(201, null, { Location: location, "Upload-Offset": String(offset) });
}

/**
 * The bytes at offset 0 (a creation-with-upload's body, or a PATCH from the start) are checked
 * against the accepted containers before any is stored. Returns the request to hand to tus (its
 * body whole again), or the refusal. A first chunk shorter than a signature is judged at the finish.
 */
export async function checkFirstBytes(
  request: Request,
  creatorId: string,
  store: UploadStore,
): Promise<Request | Response> {
  const carriesBytes =
    (request.headers.get("content-type") ?? "").trim().toLowerCase() === "application/offset+octet-stream";
  const fromStart =
    request.method === "POST" || (request.method === "PATCH" && request.headers.get("upload-offset") === "0");
  if (!carriesBytes || !fromStart || !request.body) return request;
  // Only the creator's own upload in progress, and only a body within the upload's length: else
  // tus answers (as if it did not exist; that the body runs past the length).
  const declaredBody = Number(request.headers.get("content-length") ?? Number.NaN);
  let uploadLength = Number(request.headers.get("upload-length"));
  let record: Awaited<ReturnType<typeof selectUpload>> | undefined;
  if (request.method === "PATCH") {
    record = await selectUpload(new URL(request.url).pathname.split("/").at(-1) ?? "");
    if (record?.creatorId !== creatorId || record.state !== "uploading") return request;
    uploadLength = record.sizeBytes;
  }
  if (declaredBody > uploadLength) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  // A body that breaks off ends with what arrived (see readOrEnd).
  const readOrEnd = () => reader.read().catch(() => ({ done: true as const, value: undefined }));
  while (length < SIGNATURE_BYTES) {
    const { done, value } = await readOrEnd();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  const head = Buffer.concat(chunks);
  if (head.length >= SIGNATURE_BYTES && !hasVideoContainerMagic(head)) {
    // Not cancelled: that would close the connection before the answer is sent. The server reads
    // the rest away after the answer (server/body-limits.ts).
    reader.releaseLock();
    // The upload can never become a clip: it goes.
    if (record) await discardUpload(store, record.id);
    return answer(415, UPLOAD_MESSAGES.notVideoContent);
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length > 0) controller.enqueue(new Uint8Array(head));
    },
    // A connection that drops ends this stream instead of erroring it: an errored stream drops the
    // chunks still queued, and every byte received must reach the disk so the upload resumes there.
    async pull(controller) {
      const { done, value } = await readOrEnd();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Request(request, { body, duplex: "half" } as RequestInit);
}
