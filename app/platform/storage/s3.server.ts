import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import type express from "express";
import {
  attachmentDisposition,
  contentTypeOf,
  encodeKey,
  keyFromRequestPath,
  MEDIA_CACHE_CONTROL,
  type ObjectInfo,
  PRIVATE_CACHE_CONTROL,
  type PutOptions,
  putBuffer,
  putFileByCopy,
  RangeNotSatisfiableError,
  refuseWrites,
  requireValidExpiry,
  requireValidKey,
  requireValidPrefix,
  requireValidRange,
  type StorageDriver,
  sendClientError,
  type Visibility,
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
  /**
   * The store's address as browsers reach it, when the app reaches it by another (a name only a
   * container network knows): presigned links are signed for this host. Unset: `endpoint`.
   */
  publicEndpoint?: string;
}

/**
 * Private objects live under this prefix of the bucket. No key may start a segment with a dot, so no
 * public key can collide with it and `/media` refuses any path into it.
 */
export const PRIVATE_PREFIX = ".private/";

/**
 * For every S3 client of the app (this driver's and the upload store's). By default the SDK adds CRC
 * checksums to every upload, as aws-chunked trailers on streamed bodies, which many S3-compatible
 * stores refuse or store as part of the bytes: add and check them only where S3 demands it.
 */
export const S3_CHECKSUMS_WHEN_REQUIRED = {
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
} as const;

/** The largest object one CopyObject copies; past it S3 wants a multipart copy (UploadPartCopy). */
export const S3_COPY_OBJECT_MAX_BYTES = 5 * 1024 ** 3;

/** Parts of a streamed upload: S3 wants at least 5 MiB; two in flight bound the memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Objects in an S3-compatible bucket. `serve()` streams public objects from the bucket itself, so media
 * URLs stay `/media/{key}` whichever driver holds them, and a CDN in front of the app caches them.
 * Private objects are reached only through links the bucket presigns.
 */
export function s3Storage(options: S3StorageOptions): StorageDriver {
  const Bucket = options.bucket;
  const objectKey = (visibility: Visibility, key: string) =>
    (visibility === "private" ? PRIVATE_PREFIX : "") + requireValidKey(key);
  // The SDK takes ~0.3 s to load: import it on first use, so processes on local disk never pay for it.
  let connection: Promise<{ sdk: typeof S3; client: S3.S3Client; presigner: S3.S3Client }> | undefined;
  const clientFor = (sdk: typeof S3, endpoint: string | undefined) =>
    new sdk.S3Client({
      region: options.region,
      endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      ...S3_CHECKSUMS_WHEN_REQUIRED,
    });
  const connect = () =>
    (connection ??= import("@aws-sdk/client-s3").then((sdk) => {
      const client = clientFor(sdk, options.endpoint);
      // Presigning makes no request: this client only signs links for the browsers' address.
      const presigner = options.publicEndpoint ? clientFor(sdk, options.publicEndpoint) : client;
      return { sdk, client, presigner };
    }));

  const head = async (key: string, visibility: Visibility): Promise<ObjectInfo | undefined> => {
    const { sdk, client } = await connect();
    try {
      const output = await client.send(
        new sdk.HeadObjectCommand({ Bucket, Key: objectKey(visibility, key) }),
      );
      return infoOf(key, visibility, output.ContentLength ?? 0, output);
    } catch (error) {
      if (httpStatusOf(error) === 404) return undefined;
      throw error;
    }
  };
  /** Private first: the objects the app itself reads back (originals) are private. */
  const find = async (key: string) => {
    const [secret, open] = await Promise.all([head(key, "private"), head(key, "public")]);
    return secret ?? open;
  };
  const removeFrom = async (visibility: Visibility, key: string) => {
    const { sdk, client } = await connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(visibility, key) }));
  };

  /** What putStream and copyBucketObject keep on a stored object, for readers outside the app. */
  const storedHeaders = (key: string, { visibility, contentType }: PutOptions) => ({
    ContentType: contentType ?? contentTypeOf(key),
    CacheControl: visibility === "public" ? MEDIA_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
  });
  /** After a write under `key`: the object's other visibility goes, and what was stored is read back. */
  const settle = async (key: string, visibility: Visibility) => {
    await removeFrom(visibility === "public" ? "private" : "public", key);
    const info = await head(key, visibility);
    if (!info) throw new Error(`S3 lost ${key} right after storing it`);
    return info;
  };

  const driver: Omit<StorageDriver, "put" | "putFile"> = {
    async putStream(key, body, options) {
      const { client } = await connect();
      const { Upload } = await import("@aws-sdk/lib-storage");
      // One PutObject for a small body, a multipart upload (aborted on failure) for a large one.
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: objectKey(options.visibility, key),
          Body: body,
          // Kept on the object too, for anything that reads the bucket without going through serve().
          ...storedHeaders(key, options),
        },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      return settle(key, options.visibility);
    },
    async copyBucketObject(bucketKey, key, options) {
      if (!bucketKey || bucketKey.includes("\0"))
        throw new Error(`Invalid bucket key: ${JSON.stringify(bucketKey)}`);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.CopyObjectCommand({
          Bucket,
          Key: objectKey(options.visibility, key),
          CopySource: `${Bucket}/${encodeKey(bucketKey)}`,
          // Described as putStream would describe it, not as the source was (the upload's own type).
          MetadataDirective: "REPLACE",
          ...storedHeaders(key, options),
        }),
      );
      return settle(key, options.visibility);
    },
    async getStream(key, range) {
      requireValidRange(range);
      const { sdk, client } = await connect();
      for (const visibility of ["private", "public"] as const) {
        try {
          const output = await client.send(
            new sdk.GetObjectCommand({
              Bucket,
              Key: objectKey(visibility, key),
              Range: range ? `bytes=${range.start}-${range.end ?? ""}` : undefined,
            }),
          );
          const length = output.ContentLength ?? 0;
          const total = output.ContentRange ? Number(output.ContentRange.split("/")[1]) : length;
          const start = range?.start ?? 0;
          const info = infoOf(key, visibility, total, output);
          return { info, body: output.Body as Readable, start, end: start + length - 1 };
        } catch (error) {
          const name = (error as Error | undefined)?.name;
          if (name === "NoSuchKey" || name === "NotFound") continue;
          if (httpStatusOf(error) === 416) {
            const size = sizeInRangeError(error) ?? (await head(key, visibility))?.size ?? 0;
            throw new RangeNotSatisfiableError(size);
          }
          throw error;
        }
      }
      return undefined;
    },
    stat: find,
    async exists(key) {
      return (await find(key)) !== undefined;
    },
    async remove(key) {
      await Promise.all([removeFrom("public", key), removeFrom("private", key)]);
    },
    async removePrefix(prefix) {
      requireValidPrefix(prefix);
      const { sdk, client } = await connect();
      for (const area of ["", PRIVATE_PREFIX]) {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(
            new sdk.ListObjectsV2Command({ Bucket, Prefix: area + prefix, ContinuationToken }),
          );
          // One by one rather than DeleteObjects: that call needs Content-MD5, which not every store takes.
          const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
          await inBatches(keys, 8, (Key) => client.send(new sdk.DeleteObjectCommand({ Bucket, Key })));
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      }
    },
    async *list() {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key ?? "";
          const visibility = key.startsWith(PRIVATE_PREFIX) ? "private" : "public";
          const own = visibility === "private" ? key.slice(PRIVATE_PREFIX.length) : key;
          // Unfinished uploads (tus's parts and records) are not media.
          if (own.startsWith(".") || own === "") continue;
          yield { key: own, visibility, size: object.Size ?? 0 } as const;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async signedUrl(key, { expiresInSeconds, downloadName }) {
      const { sdk, presigner } = await connect();
      const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: objectKey("private", key),
        // The bucket answers with these headers, so the download looks as it would from the app.
        ResponseContentType: contentTypeOf(key),
        ResponseCacheControl: PRIVATE_CACHE_CONTROL,
        ResponseContentDisposition: downloadName ? attachmentDisposition(downloadName) : undefined,
      });
      return getSignedUrl(presigner, command, { expiresIn: requireValidExpiry(expiresInSeconds) });
    },
    serve() {
      return async (req, res, next) => {
        if (refuseWrites(req, res)) return;
        const requested = keyFromRequestPath(req.path);
        if ("status" in requested) return sendClientError(res, requested.status);
        try {
          const { sdk, client } = await connect();
          const input = { Bucket, Key: objectKey("public", requested.key), ...revalidation(req) };
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
          if (status === 416) {
            const size = sizeInRangeError(error) ?? (await head(requested.key, "public"))?.size;
            return unsatisfiable(res, size);
          }
          // NoSuchBucket is also a 404, but that one is our misconfiguration, not the client's mistake.
          const name = (error as Error | undefined)?.name;
          if (name === "NoSuchKey" || name === "NotFound") return sendClientError(res, 404);
          next(error);
        }
      };
    },
    serveSigned() {
      // Links to private objects point at the bucket itself: the app serves none.
      return (req, res) => void (refuseWrites(req, res) || sendClientError(res, 404));
    },
  };
  return { ...driver, put: putBuffer(driver), putFile: putFileByCopy(driver) };
}

function infoOf(
  key: string,
  visibility: Visibility,
  size: number,
  output: Pick<S3.HeadObjectOutput, "ETag" | "LastModified">,
): ObjectInfo {
  return {
    key,
    visibility,
    size,
    lastModified: output.LastModified ?? new Date(0),
    etag: output.ETag ?? "",
    contentType: contentTypeOf(key),
  };
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>) {
  for (let index = 0; index < items.length; index += limit) {
    await Promise.all(items.slice(index, index + limit).map(task));
  }
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

/**
 * AWS names the object's size in its InvalidRange error; other engines (Ceph's RADOS Gateway) do not,
 * and the size is then asked with a HEAD (docs/deploy.md, "S3 engines tested").
 */
function sizeInRangeError(error: unknown) {
  const size = Number((error as { ActualObjectSize?: unknown }).ActualObjectSize);
  return Number.isSafeInteger(size) ? size : undefined;
}

/** A player uses the size in Content-Range to ask again. */
function unsatisfiable(res: express.Response, size: number | undefined) {
  if (size !== undefined) res.setHeader("Content-Range", `bytes */${size}`);
  sendClientError(res, 416);
}

function httpStatusOf(error: unknown) {
  return (error as Partial<S3.S3ServiceException> | undefined)?.$metadata?.httpStatusCode;
}

/**
 * The client left, before S3 answered (our abort) or mid-body: nobody to answer, no fault. Mid-body,
 * pipeline() reports it as a premature close, or (Node 24) as the response's `ECONNRESET aborted`.
 */
function isHangUp(error: unknown) {
  const { name, code } = (error ?? {}) as NodeJS.ErrnoException;
  return name === "AbortError" || code === "ERR_STREAM_PREMATURE_CLOSE" || code === "ECONNRESET";
}
