import { S3Store } from "@tus/s3-store";
import { ERRORS, type Upload } from "@tus/server";

/**
 * @tus/s3-store's store with a remove() that leaves nothing of an upload in the bucket. Its own one
 * aborts the multipart upload, then deletes the upload's object and `.info`; but it gives up before
 * deleting anything when there is no multipart upload left to abort (S3 answers NoSuchUpload once an
 * upload is completed, so a finished upload's whole copy stayed behind), and it never deletes the
 * `.part` object that holds a piece under S3's 5 MiB part minimum until the next PATCH.
 */
export class UploadS3Store extends S3Store {
  /** As UploadFileStore's: uploads handed over during a request still being answered. */
  readonly handedOver = new Map<string, Upload>();

  override async getUpload(id: string) {
    return this.handedOver.get(id) ?? super.getUpload(id);
  }

  override async remove(id: string) {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [id, this.infoKey(id), this.partKey(id, true)].map((Key) => ({ Key })) },
    });
  }
}
