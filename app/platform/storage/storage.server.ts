import path from "node:path";
import { config } from "../config.server";
import type { StorageDriver } from "./driver.server";
import { localDiskStorage } from "./local-disk.server";
import { s3Storage } from "./s3.server";
import { linkSigner } from "./signed-links.server";

let driver: StorageDriver | undefined;

/** The process's one storage driver, chosen by the configuration on first use. */
export function storage(): StorageDriver {
  driver ??= createDriver();
  return driver;
}

function createDriver(): StorageDriver {
  const settings = config();
  if (!settings.S3_BUCKET) {
    return localDiskStorage({
      publicRoot: path.join(settings.DATA_DIR, "media"),
      privateRoot: path.join(settings.DATA_DIR, "private"),
      signer: linkSigner(settings.BETTER_AUTH_SECRET, settings.PUBLIC_URL),
    });
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  return s3Storage({
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    publicEndpoint: settings.S3_PUBLIC_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // Without keys the SDK's default chain applies (environment, instance or task role, …).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
