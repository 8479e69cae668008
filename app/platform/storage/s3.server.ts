import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import type express from "express";
import {
  contentTypeOf,
  keyFromRequestPath,
  MEDIA_CACHE_CONTROL,
  requireValidKey,
  type StorageDriver,
  sendClientError,
} from "./driver.server";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible store (MinIO, R2, …); unset means AWS itself. */
  endpoint?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most self-hosted stores expect. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's default credential chain (AWS_* variables, profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Media in an S3-compatible bucket. `serve()` streams objects from the bucket itself, so media URLs
 * stay `/media/{key}` whichever driver holds them, and a CDN in front of the app caches them.
 */
export function s3Storage(options: S3StorageOptions): StorageDriver {
  const Bucket = options.bucket;
  // The SDK takes ~0.3 s to load: import it on first use, so processes on local disk never pay for it.
  let connection: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // By default the SDK adds CRC checksums to every upload (as aws-chunked trailers on streamed
        // bodies), which many S3-compatible stores refuse: add and check them only where S3 demands it.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));

  return {
    async put(key, body) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: requireValidKey(key),
          Body: body,
          ContentType: contentTypeOf(key),
          // Kept on the object too, for anything that reads the bucket without going through serve().
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: requireValidKey(key) }));
    },
    async exists(key) {
      const { sdk, client } = await connect();
      return client.send(new sdk.HeadObjectCommand({ Bucket, Key: requireValidKey(key) })).then(
        () => true,
        (error) => {
          if (httpStatusOf(error) === 404) return false;
          throw error;
        },
      );
    },
    serve() {
      return async (req, res, next) => {
        if (req.method !== "GET" && req.method !== "HEAD") {
          res.setHeader("Allow", "GET, HEAD");
          return sendClientError(res, 405);
        }
        const requested = keyFromRequestPath(req.path);
        if ("status" in requested) return sendClientError(res, requested.status);
        try {
          const { sdk, client } = await connect();
          const input = { Bucket, Key: requested.key, ...revalidation(req) };
          if (req.method === "HEAD") {
            // RFC 9110 defines Range for GET only, so a HEAD describes the whole object.
            const head = await untilHangUp(res, (abortSignal) =>
              client.send(new sdk.HeadObjectCommand(input), { abortSignal }),
            );
            return void writeHead(res, requested.key, head).end();
          }
          const object = await untilHangUp(res, (abortSignal) =>
            client.send(new sdk.GetObjectCommand({ ...input, Range: req.headers.range }), { abortSignal }),
          );
          writeHead(res, requested.key, object);
          // A client that hangs up now makes pipeline() destroy the S3 body, closing that connection.
          await pipeline(object.Body as Readable, res);
        } catch (error) {
          if (isHangUp(error)) return;
          const status = httpStatusOf(error);
          if (status === 304) return notModified(res, error);
          if (status === 416) return unsatisfiable(res, error);
          // NoSuchBucket is also a 404, but that one is our misconfiguration, not the client's mistake.
          const name = (error as Error | undefined)?.name;
          if (name === "NoSuchKey" || name === "NotFound") return sendClientError(res, 404);
          next(error);
        }
      };
    },
  };
}

/** Runs an S3 call that the client hanging up cancels: no point waiting for an answer nobody reads. */
async function untilHangUp<T>(res: express.Response, call: (abortSignal: AbortSignal) => Promise<T>) {
  const hangUp = new AbortController();
  const abort = () => hangUp.abort();
  res.once("close", abort);
  try {
    return await call(hangUp.signal);
  } finally {
    res.off("close", abort);
  }
}

/** Revalidation goes to S3, which answers 304 itself. If-None-Match wins over a date (RFC 9110). */
function revalidation(req: express.Request): Pick<S3.GetObjectRequest, "IfNoneMatch" | "IfModifiedSince"> {
  const etags = req.headers["if-none-match"];
  if (etags) return { IfNoneMatch: etags };
  const since = new Date(req.headers["if-modified-since"] ?? "");
  return Number.isNaN(since.getTime()) ? {} : { IfModifiedSince: since };
}

type ObjectHead = Pick<S3.GetObjectOutput, "ContentLength" | "ContentRange" | "ETag" | "LastModified">;

function writeHead(res: express.Response, key: string, object: ObjectHead) {
  res.status(object.ContentRange ? 206 : 200);
  // The key decides the type, not what was stored: an object uploaded as text/html stays harmless.
  res.setHeader("Content-Type", contentTypeOf(key));
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
  if (object.ContentLength !== undefined) res.setHeader("Content-Length", object.ContentLength);
  if (object.ContentRange) res.setHeader("Content-Range", object.ContentRange);
  if (object.ETag) res.setHeader("ETag", object.ETag);
  if (object.LastModified) res.setHeader("Last-Modified", object.LastModified.toUTCString());
  return res;
}

/** A revalidating cache (the CDN) needs the validators and the cache policy back with the 304. */
function notModified(res: express.Response, error: unknown) {
  const headers = (error as S3.S3ServiceException).$response?.headers ?? {};
  res.status(304).setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
  if (headers.etag) res.setHeader("ETag", headers.etag);
  if (headers["last-modified"]) res.setHeader("Last-Modified", headers["last-modified"]);
  res.end();
}

/** S3 names the object's size in its InvalidRange error; a player uses it to ask again. */
function unsatisfiable(res: express.Response, error: unknown) {
  const size = (error as { ActualObjectSize?: unknown }).ActualObjectSize;
  if (size !== undefined) res.setHeader("Content-Range", `bytes */${size}`);
  sendClientError(res, 416);
}

function httpStatusOf(error: unknown) {
  return (error as Partial<S3.S3ServiceException> | undefined)?.$metadata?.httpStatusCode;
}

/** The client left, before S3 answered (our abort) or mid-body (pipeline): nobody to answer, no fault. */
function isHangUp(error: unknown) {
  const { name, code } = (error ?? {}) as NodeJS.ErrnoException;
  return name === "AbortError" || code === "ERR_STREAM_PREMATURE_CLOSE";
}
