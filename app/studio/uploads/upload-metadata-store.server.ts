import type { MetadataValue } from "@tus/s3-store";
import { type KvStore, Upload } from "@tus/server";
import { logger } from "~/platform/logger.server";
import {
  deleteTusUploadMetadata,
  listTusUploadIds,
  selectTusUploadMetadata,
  upsertTusUploadMetadata,
} from "./upload-metadata.queries.server";

/**
 * The tus S3 store's `cache` in PostgreSQL (`tus_upload_metadata`), shared by every web process.
 * Left to itself, the store keeps it in a map of each process: an upload's chunks that reach
 * several processes each read the upload's `.info` object from the bucket once, and every process
 * holds the entries of uploads another one finished or the worker's sweep removed, for ever.
 */
export class UploadMetadataStore implements KvStore<MetadataValue> {
  async get(id: string): Promise<MetadataValue | undefined> {
    const row = await selectTusUploadMetadata(id);
    if (!row) return undefined;
    return {
      file: new Upload(row.upload),
      "upload-id": row.multipartUploadId,
      "tus-version": row.tusVersion,
    };
  }

  async set(id: string, value: MetadataValue) {
    await upsertTusUploadMetadata({
      id,
      multipartUploadId: value["upload-id"],
      tusVersion: value["tus-version"],
      upload: { ...value.file, id },
    });
  }

  /**
   * Never fails: the S3 store deletes without waiting in places (a rejection would go unhandled),
   * and a record left behind only costs a row, which the upload sweep drops once it expires.
   */
  async delete(id: string) {
    await deleteTusUploadMetadata(id).catch((error) =>
      logger.warn({ err: error, uploadId: id }, "forgetting an upload's tus metadata failed"),
    );
  }

  list() {
    return listTusUploadIds();
  }
}
