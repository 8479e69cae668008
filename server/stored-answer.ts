import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { Response } from "express";

/**
 * An answer kept in a process to be sent again as stored bytes: the pieces the public page cache
 * (docs/decisions/0002) and the API's read cache (docs/decisions/0030) share.
 */
export interface StoredAnswer {
  /** The headers every copy carries (security headers, type, Vary); per-answer ones are added when sent. */
  headers: OutgoingHttpHeaders;
  bodies: { identity: Buffer; gzip?: Buffer; br?: Buffer };
  etag: string;
  expires: number;
}

/** Headers of a captured answer that belong to it alone, or that the sender sets itself. */
const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "x-request-id",
]);

/** The captured answer's headers that every copy may carry, without `dropped` ones (lower case). */
export function storableHeaders(res: Response, dropped: readonly string[] = []) {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders()))
    if (!PER_ANSWER_HEADERS.has(name) && !dropped.includes(name) && value !== undefined)
      headers[name] = value;
  return headers;
}

/** A strong ETag of a body's bytes. */
export function strongEtag(body: Buffer) {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * The compressed copies, made once per copy off the event loop (zlib's thread pool); until they are
 * ready a client gets the identity bytes.
 */
export function compressInBackground(answer: Pick<StoredAnswer, "bodies">) {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  Promise.all([
    brotli(answer.bodies.identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzipped(answer.bodies.identity, { level: 6 }),
  ])
    .then(([br, gz]) => {
      answer.bodies.br = br;
      answer.bodies.gzip = gz;
    })
    // A copy that cannot be compressed is still served, uncompressed.
    .catch(() => undefined);
}

/** The best encoding of the copy the request accepts (q-values honoured; q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined, bodies: StoredAnswer["bodies"]) {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    accepted.set(name.trim().toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const encoding of ["br", "gzip"] as const) {
    if (bodies[encoding] && (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0) return encoding;
  }
  return "identity";
}

/** If-None-Match: a list of tags (weak ones compare by their value), or "*". */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === bare;
  });
}

/** Sends a stored copy (a 304 when the client has it; no body for HEAD) with this answer's own headers. */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  answer: StoredAnswer,
  own: OutgoingHttpHeaders,
) {
  const headers = { ...answer.headers, ...own, etag: answer.etag };
  if (matchesEtag(req.headers["if-none-match"], answer.etag)) return void res.writeHead(304, headers).end();
  const encoding = chooseEncoding(req.headers["accept-encoding"], answer.bodies);
  const body = answer.bodies[encoding]!;
  headers["content-length"] = body.length;
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Collects what the handler writes, without holding the response back. */
export function captureAnswer(res: Response, done: (status: number, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk == null || typeof chunk === "function") return;
    const charset = typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8";
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, charset));
  };
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding);
    return write(chunk as never, encoding as never, callback as never);
  }) as Response["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding);
    done(res.statusCode, Buffer.concat(chunks));
    return end(chunk as never, encoding as never, callback as never);
  }) as Response["end"];
}
