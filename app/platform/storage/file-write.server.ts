import { type FileHandle, open } from "node:fs/promises";

/** Bytes gathered before a write: 64 writes for a 64 MiB upload instead of about 1,000. */
const PIECE_BYTES = 1024 * 1024;

/**
 * Writes what `source` sends into an existing file from `position` on, and returns the position
 * after the last byte. Arriving chunks are copied into two 1 MiB buffers used in turn: one fills
 * while the other is being written, and a buffer fills again only once the disk has taken its
 * bytes. A chunk is garbage as soon as it is copied; held until the disk took it (as
 * fs.createWriteStream does) it lived long enough to need a full garbage collection, which in
 * this process cost more than the writes (docs/decisions/0012-file-responses.md).
 *
 * When the source fails, every byte it sent before is written all the same (a resumable upload
 * goes on from the file's size), then the source's error is thrown; a failed write is thrown
 * instead.
 */
export async function writeStreamToFile(source: AsyncIterable<Uint8Array>, path: string, position: number) {
  const handle = await open(path, "r+");
  const buffers = [Buffer.allocUnsafeSlow(PIECE_BYTES), Buffer.allocUnsafeSlow(PIECE_BYTES)];
  const written: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  let turn = 0;
  let filled = 0;
  let end = position;
  const writeTurn = () => {
    written[turn] = writeAll(handle, buffers[turn]!.subarray(0, filled), end);
    // Without a handler a failed write would be unhandled until its buffer's turn comes again.
    written[turn]!.catch(() => {});
    end += filled;
    turn ^= 1;
    filled = 0;
  };
  try {
    for await (const chunk of source) {
      for (let from = 0; from < chunk.length; ) {
        if (filled === 0) await written[turn];
        const copied = Math.min(PIECE_BYTES - filled, chunk.length - from);
        buffers[turn]!.set(chunk.subarray(from, from + copied), filled);
        filled += copied;
        from += copied;
        if (filled === PIECE_BYTES) writeTurn();
      }
    }
  } finally {
    try {
      if (filled > 0) {
        await written[turn];
        writeTurn();
      }
      await Promise.all(written);
    } finally {
      await handle.close();
    }
  }
  return end;
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, position: number) {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}
