/**
 * compose.yaml's one-shot `bucket` step: creates the media bucket (private) unless it exists, with
 * the app's own S3 client and settings (S3_ENDPOINT, S3_BUCKET, S3_REGION, the keys). Exits 0 when
 * the bucket is there, 1 with one line saying why when it cannot be made.
 */
import { CreateBucketCommand, HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";

const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
if (!S3_BUCKET || !S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
  console.error(
    "create-bucket: S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required",
  );
  process.exit(1);
}
const client = new S3Client({
  endpoint: S3_ENDPOINT,
  region: S3_REGION || "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
});

/** true: the bucket exists; false: it does not; throws for anything else (server away, refused). */
async function exists() {
  try {
    await client.send(new HeadBucketCommand({ Bucket: S3_BUCKET }));
    return true;
  } catch (error) {
    if (error?.$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

// The server's health check passed before this step starts; a few tries cover a slow first answer.
for (let attempt = 1; ; attempt++) {
  try {
    if (await exists()) {
      console.log(`create-bucket: ${S3_BUCKET} is there at ${S3_ENDPOINT}`);
    } else {
      await client.send(new CreateBucketCommand({ Bucket: S3_BUCKET })).catch((error) => {
        // Another run made it meanwhile.
        if (error?.name !== "BucketAlreadyOwnedByYou") throw error;
      });
      console.log(`create-bucket: created ${S3_BUCKET} at ${S3_ENDPOINT}`);
    }
    process.exit(0);
  } catch (error) {
    if (attempt >= 20) {
      console.error(
        `create-bucket: ${S3_BUCKET} at ${S3_ENDPOINT}: ${error?.name ?? "Error"}: ${error?.message}`,
      );
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
