import path from "node:path";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { ERRORS, type Upload } from "@tus/server";
import { logger } from "~/platform/logger.server";
import { writeStreamToFile } from "~/platform/storage/file-write.server";

/**
 * tus's file store, with the bytes of a PATCH written through two reused 1 MiB buffers instead of
 * a write stream: the same file, offsets and answers, with a fraction of the garbage collection
 * (docs/decisions/0012-file-responses.md, "Uploads").
 */
export class UploadFileStore extends FileStore {
  /**
   * Uploads handed over (bytes moved to the original, record gone) during a request still being
   * answered: tus reads the upload once more to build its answer (`Upload-Expires` after a
   * creation-with-upload), and gets it from here. Forgotten once the answer is built.
   */
  readonly handedOver = new Map<string, Upload>();

  override async getUpload(id: string) {
    return this.handedOver.get(id) ?? super.getUpload(id);
  }

  override async write(readable: Readable, fileId: string, offset: number) {
    try {
      return await writeStreamToFile(readable, path.join(this.directory, fileId), offset);
    } catch (error) {
      // The disk's own error names paths: it is logged, and the client gets tus's sentence.
      if (error instanceof Error && "syscall" in error) {
        logger.error({ err: error }, "writing an upload to disk failed");
        throw ERRORS.FILE_WRITE_ERROR;
      }
      // The request's errors (a client that left, a body past the upload's length) stay as they are.
      throw error;
    }
  }
}
