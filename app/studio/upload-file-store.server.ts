import path from "node:path";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { ERRORS } from "@tus/server";
import { logger } from "~/platform/logger.server";
import { writeStreamToFile } from "~/platform/storage/file-write.server";

/**
 * tus's file store, with the bytes of a PATCH written through two reused 1 MiB buffers instead of
 * a write stream: the same file, offsets and answers, with a fraction of the garbage collection
 * (docs/decisions/0012-file-responses.md, "Uploads").
 */
export class UploadFileStore extends FileStore {
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
