import { S3Store } from "@tus/s3-store";
import { ERRORS, TUS_RESUMABLE, type Upload } from "@tus/server";

/**
 * @tus/s3-store's store with a remove() that leaves nothing of an upload in the bucket. Its own one
 * aborts the multipart upload, then deletes the upload's object and `.info`; but it gives up before
 * deleting anything when there is no multipart upload left to abort (S3 answers NoSuchUpload once an
 * upload is completed, so a finished upload's whole copy stayed behind), and it never deletes the
 * `.part` object that holds a piece under S3's 5 MiB part minimum until the next PATCH.
 *
 * Its `cache` (given: the shared UploadMetadataStore) gets each upload's metadata as the upload
 * is created, beside the `.info` object: no process reads `.info` back while the record is there.
 */
export class UploadS3Store extends S3Store {
  /** As UploadFileStore's: uploads handed over during a request still being answered. */
  readonly handedOver = new Map<string, Upload>();

  override async getUpload(id: string) {
    return this.handedOver.get(id) ?? super.getUpload(id);
  }

  protected override async saveMetadata(upload: Upload, multipartUploadId: string) {
    await super.saveMetadata(upload, multipartUploadId);
    await this.cache.set(upload.id, {
      file: upload,
      "upload-id": multipartUploadId,
      "tus-version": TUS_RESUMABLE,
    });
  }

  override async remove(id: string) {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    }
    await this.removeFinished(id);
  }

  /**
   * Deletes what is left of an upload whose multipart upload was completed (nothing to abort):
   * its object, `.info` and `.part`, and its metadata record.
   */
  async removeFinished(id: string) {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [id, this.infoKey(id), this.partKey(id, true)].map((Key) => ({ Key })) },
    });
    await this.clearCache(id);
  }
}
