import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3StorageOptions } from "~/platform/storage/s3.server";
import type { BucketRequest } from "./s3-bucket";

/**
 * The S3 engine the S3 tests run against when `S3_TEST_ENDPOINT` is set (with `S3_TEST_ACCESS_KEY_ID`,
 * `S3_TEST_SECRET_ACCESS_KEY`, optionally `S3_TEST_REGION`), e.g. the RADOS Gateway that
 * scripts/cluster/radosgw.sh starts. Unset: s3rver, in-process. See docs/deploy.md.
 */
export function externalS3Engine() {
  const endpoint = process.env.S3_TEST_ENDPOINT;
  if (!endpoint) return undefined;
  const accessKeyId = process.env.S3_TEST_ACCESS_KEY_ID;
  const secretAccessKey = process.env.S3_TEST_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error("S3_TEST_ENDPOINT needs S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY");
  }
  return {
    endpoint,
    region: process.env.S3_TEST_REGION || "us-east-1",
    credentials: { accessKeyId, secretAccessKey },
  };
}

/**
 * A bucket of its own on the external engine (so test files may run side by side), reached through a
 * proxy on loopback that notes each request and passes it on unchanged: the Host header too, which
 * SigV4 signs, so the engine checks the very signature the driver made. Emptied and deleted on close.
 */
export async function startExternalBucket(engine: NonNullable<ReturnType<typeof externalS3Engine>>) {
  const bucket = `verdeo-test-${randomBytes(6).toString("hex")}`;
  const seen: BucketRequest[] = [];
  const upstream = new URL(engine.endpoint);
  const proxy = http.createServer((incoming, answer) => {
    seen.push(describe(incoming));
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    outgoing.on("error", () => answer.destroy());
    incoming.on("aborted", () => outgoing.destroy());
    answer.on("close", () => outgoing.destroy());
    incoming.pipe(outgoing);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const options: S3StorageOptions = {
    bucket,
    region: engine.region,
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    forcePathStyle: true,
    credentials: engine.credentials,
  };
  const client = new S3Client({ ...options, endpoint: engine.endpoint });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  const keys = async () => {
    const found: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
      found.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort();
  };
  const openUploads = async () => {
    const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    return (page.Uploads ?? []).map((upload) => ({ Key: upload.Key!, UploadId: upload.UploadId! }));
  };
  return {
    options,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: engine.region,
      S3_ENDPOINT: options.endpoint!,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: engine.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: engine.credentials.secretAccessKey,
    },
    keys,
    openMultipartUploads: async () => (await openUploads()).map((upload) => upload.Key).sort(),
    requests: () => seen,
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      for (const upload of await openUploads()) {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, ...upload }));
      }
      for (const Key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

/** The request as s3-bucket.ts records it for s3rver: path-style, `/bucket/key?query`. */
function describe(incoming: http.IncomingMessage): BucketRequest {
  const url = new URL(incoming.url ?? "/", "http://proxy");
  const [, , ...rest] = url.pathname.split("/");
  const copySource = incoming.headers["x-amz-copy-source"];
  return {
    method: incoming.method ?? "GET",
    key: decodeURIComponent(rest.join("/")),
    query: [...url.searchParams.keys()],
    ...(typeof copySource === "string" ? { copySource: decodeURIComponent(copySource) } : {}),
  };
}
