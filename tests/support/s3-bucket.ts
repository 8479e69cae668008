import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3StorageOptions } from "~/platform/storage/s3.server";
import { externalS3Engine, startExternalBucket } from "./s3-external-bucket";

/**
 * Which engine the S3 tests run against: s3rver in-process, or a real one named by `S3_TEST_ENDPOINT`
 * (scripts/cluster/radosgw.sh starts Ceph's RADOS Gateway). s3rver checks neither SigV4 signatures nor
 * suffix ranges, so the tests of those run on a real engine only.
 */
export const S3_TEST_ENGINE = externalS3Engine() ? "external" : "s3rver";

export interface S3Bucket {
  /** The driver options that reach the bucket. */
  options: S3StorageOptions;
  /** The S3_ settings that make the app use the bucket (for `loadConfig`). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The keys of multipart uploads begun and neither completed nor aborted, sorted. */
  openMultipartUploads(): Promise<string[]>;
  /** Every request the bucket answered so far, oldest first (to show what crossed the network). */
  requests(): readonly BucketRequest[];
  close(): Promise<void>;
}

export interface BucketRequest {
  method: string;
  /** The object's key, decoded; empty for a request about the bucket itself. */
  key: string;
  /** The query's parameter names, e.g. `uploadId`, `partNumber`. */
  query: string[];
  /** The `x-amz-copy-source` of a CopyObject, decoded. */
  copySource?: string;
}

/**
 * An empty bucket: on the engine `S3_TEST_ENDPOINT` names, a new one of its own; else "media", served
 * in-process by s3rver from a temporary folder.
 */
export async function startS3Bucket(): Promise<S3Bucket> {
  const engine = externalS3Engine();
  if (engine) return startExternalBucket(engine);
  const dir = mkdtempSync(path.join(tmpdir(), "verdeo-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: "media", configs: [] }],
  });
  // s3rver keeps each multipart upload in a folder of its own (key, metadata, parts) until it is completed.
  const uploadsDir = path.join(dir, "media", "._S3rver_uploads");
  // s3rver is a Koa app (its types do not say so): these answer before its own routes.
  const seen: BucketRequest[] = [];
  (server as unknown as { middleware: KoaMiddleware[] }).middleware.unshift(
    recordRequests(seen),
    multipartCallsS3rverLacks(uploadsDir),
  );
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket: "media",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  const client = new S3Client(options);
  return {
    options,
    env: {
      S3_BUCKET: "media",
      S3_REGION: "us-east-1",
      S3_ENDPOINT: options.endpoint!,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: "media", ContinuationToken }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    requests: () => seen,
    async openMultipartUploads() {
      if (!existsSync(uploadsDir)) return [];
      return readdirSync(uploadsDir)
        .map((uploadId) => readFileSync(path.join(uploadsDir, uploadId, "key"), "utf8"))
        .sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What these handlers use of Koa's context. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>;

/** Notes each request before s3rver (or the calls below) answers it. */
function recordRequests(seen: BucketRequest[]): KoaMiddleware {
  return async (ctx, next) => {
    const [, , ...rest] = ctx.path.split("/");
    const copySource = ctx.headers["x-amz-copy-source"];
    seen.push({
      method: ctx.method,
      key: decodeURIComponent(rest.join("/")),
      query: Object.keys(ctx.query),
      ...(typeof copySource === "string" ? { copySource: decodeURIComponent(copySource) } : {}),
    });
    return next();
  };
}

/**
 * s3rver 3.7 (the last release) stores multipart uploads but answers three of the calls about them with
 * MethodNotAllowed or NotImplemented: ListParts, AbortMultipartUpload and ListMultipartUploads, which
 * @tus/s3-store makes (to find an upload's offset, to cancel it, to sweep expired ones). These answer
 * them as S3 does, from the parts s3rver itself stored; every other call is s3rver's own.
 */
function multipartCallsS3rverLacks(uploadsDir: string): KoaMiddleware {
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  const escapeXml = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const uploadDir = (uploadId: string) => path.join(uploadsDir, path.basename(uploadId));
  const keyOf = (uploadId: string) => {
    const file = path.join(uploadDir(uploadId), "key");
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
  };
  return async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : undefined;
    const isListParts = ctx.method === "GET" && key && uploadId !== undefined;
    const isAbort = ctx.method === "DELETE" && key && uploadId !== undefined;
    const isListUploads = ctx.method === "GET" && !key && "uploads" in ctx.query;
    if (!isListParts && !isAbort && !isListUploads) return next();
    ctx.type = "application/xml";
    if (isListUploads) {
      const uploads = existsSync(uploadsDir) ? readdirSync(uploadsDir) : [];
      ctx.body = xml(
        `<ListMultipartUploadsResult><Bucket>${escapeXml(bucket!)}</Bucket><IsTruncated>false</IsTruncated>${uploads
          .map(
            (id) =>
              `<Upload><Key>${escapeXml(keyOf(id) ?? "")}</Key><UploadId>${escapeXml(id)}</UploadId><Initiated>${statSync(uploadDir(id)).birthtime.toISOString()}</Initiated></Upload>`,
          )
          .join("")}</ListMultipartUploadsResult>`,
      );
      return;
    }
    if (keyOf(uploadId!) !== key) {
      ctx.status = 404;
      ctx.body = xml(
        "<Error><Code>NoSuchUpload</Code><Message>The specified multipart upload does not exist.</Message></Error>",
      );
      return;
    }
    if (isAbort) {
      rmSync(uploadDir(uploadId!), { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const parts = readdirSync(uploadDir(uploadId!))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const file = path.join(uploadDir(uploadId!), String(number));
        const etag = readFileSync(`${file}.md5`, "utf8");
        const { size, mtime } = statSync(file);
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${etag}"</ETag><Size>${size}</Size></Part>`;
      });
    ctx.body = xml(
      `<ListPartsResult><Bucket>${escapeXml(bucket!)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId!)}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
    );
  };
}
