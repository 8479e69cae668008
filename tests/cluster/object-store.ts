import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { startS3Bucket } from "../support/s3-bucket";

/** The bucket a cluster keeps its media in, and the engine serving it. */
export interface ObjectStore {
  engine: string;
  /** The S3_ settings of every app process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const RADOSGW = path.resolve("scripts/cluster/radosgw.sh");

/**
 * Ceph's RADOS Gateway from Debian (a one-node Ceph cluster: scripts/cluster/radosgw.sh), which
 * checks SigV4 signatures and S3's range semantics as a production store does. CLUSTER_S3=s3rver
 * runs the in-process s3rver the integration tests use instead (it checks neither).
 */
export async function startObjectStore(folder: string, port: number): Promise<ObjectStore> {
  if (process.env.CLUSTER_S3 === "s3rver" || !existsSync(RADOSGW)) {
    const bucket = await startS3Bucket();
    return { engine: "s3rver (in-process)", env: bucket.env, stop: () => bucket.close() };
  }
  const printed = execFileSync("bash", [RADOSGW, "start", folder, String(port)], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 15 * 60_000,
  });
  const env = Object.fromEntries(
    [...printed.matchAll(/^export (\w+)=["']?([^"'\n]*)["']?$/gm)].map((match) => [match[1]!, match[2]!]),
  );
  env.S3_BUCKET ??= "verdeo-cluster";
  await ensureBucket(env);
  return {
    engine: "Ceph RADOS Gateway (Debian radosgw, one-node cluster)",
    env,
    async stop() {
      execFileSync("bash", [RADOSGW, "stop", folder], { stdio: "inherit" });
    },
  };
}

async function ensureBucket(env: Record<string, string>) {
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  });
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET })).catch((error: { name?: string }) => {
    if (error.name !== "BucketAlreadyOwnedByYou" && error.name !== "BucketAlreadyExists") throw error;
  });
  client.destroy();
}
