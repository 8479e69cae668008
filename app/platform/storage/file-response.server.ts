import { open } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import type express from "express";
import send from "send";

/** Bytes read and written at a time: 50 reads for a 50 MB file instead of Node's 800. */
const PIECE_BYTES = 1024 * 1024;
/**
 * Buffers of answers that ended, kept for the next ones (at most this many MiB): a player's range
 * read is a few hundred KB, and fresh buffers for each cost a full collection every few tens of them.
 */
const KEEP_IDLE_BUFFERS = 16;
const idleBuffers: Buffer[] = [];

/**
 * Answers a stored file: `send` answers Range (206/416), HEAD, ETag and revalidation as
 * express.static does, and its bytes go out through two reused buffers (`writeFileRange`).
 * Errors (a missing file, a folder, a client that left) reach `done`; a served file does not.
 */
export function sendStoredFile(
  req: express.Request,
  res: express.Response,
  file: { root: string; key: string; headers: Record<string, string> },
  done: (error: Error & { status?: number; code?: string }) => void,
) {
  const answer = send(req, encodeURI(file.key), {
    root: file.root,
    dotfiles: "deny",
    index: false,
    cacheControl: false,
  });
  answer.stream = function streamReusingBuffers(path: string, range: { start: number; end: number }) {
    writeFileRange(res, path, range.start, range.end).then(
      () => res.end(),
      (error: Error & { code?: string }) => {
        // The client left (or the socket failed): nothing more to write, and the response is over.
        if (res.destroyed || error.code === "ERR_STREAM_DESTROYED") return done(clientGone());
        done(error);
      },
    );
  };
  answer.on("headers", (response: ServerResponse) => {
    for (const [name, value] of Object.entries(file.headers)) response.setHeader(name, value);
  });
  answer.on("directory", () => done(Object.assign(new Error("Not found"), { status: 404 })));
  answer.on("error", (error: Error) => done(error));
  answer.pipe(res);
}

function clientGone() {
  return Object.assign(new Error("The client closed the connection"), { code: "ECONNABORTED" });
}

/**
 * Writes bytes `start`–`end` (inclusive) of a file through two buffers used in turn: one is read
 * into while the other is being written, and a buffer is read into again only once the socket has
 * taken its bytes (the write's callback). Streaming with a fresh buffer per read, as
 * fs.createReadStream does, left the collector a full garbage collection per few tens of MB served:
 * in this process that cost more CPU than the reads and writes (docs/decisions/0012-file-responses.md).
 */
export async function writeFileRange(res: ServerResponse, path: string, start: number, end: number) {
  const handle = await open(path, "r");
  // The second buffer only for a range longer than one piece.
  const buffers: Buffer[] = [];
  const written: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  try {
    let position = start;
    for (let turn = 0; position <= end; turn ^= 1) {
      await written[turn];
      buffers[turn] ??= idleBuffers.pop() ?? Buffer.allocUnsafeSlow(PIECE_BYTES);
      const buffer = buffers[turn];
      const length = Math.min(PIECE_BYTES, end - position + 1);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead === 0) throw new Error(`${path} ended before byte ${end}: it changed while it was sent`);
      written[turn] = write(res, buffer.subarray(0, bytesRead));
      // Without a handler the other buffer's failure would be unhandled until its turn comes.
      written[turn].catch(() => {});
      position += bytesRead;
    }
    await Promise.all(written);
    // Only once the socket took every byte: after a failure a write may still hold a buffer.
    for (const buffer of buffers) if (idleBuffers.length < KEEP_IDLE_BUFFERS) idleBuffers.push(buffer);
  } finally {
    await handle.close();
  }
}

/** Resolves once the socket has the bytes; rejects if the response closes first. */
function write(res: ServerResponse, chunk: Buffer) {
  return new Promise<void>((resolve, reject) => {
    const closed = () => reject(Object.assign(new Error("closed"), { code: "ERR_STREAM_DESTROYED" }));
    res.once("close", closed);
    res.write(chunk, (error) => {
      res.off("close", closed);
      if (error) reject(error);
      else resolve();
    });
  });
}
