import { randomBytes } from "node:crypto";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The suffix of files being written; anything left with it is garbage from a crash. */
export const TEMPORARY_SUFFIX = ".tmp";

/**
 * Writes `target` through a temporary file beside it, renamed into place only once `write` has
 * finished, so a reader never sees half a file. On every failure (full disk, a broken stream, a
 * failed rename) the temporary file is removed and the error passed on. Every writer of files goes
 * through here.
 */
export async function writeFileAtomically(target: string, write: (temporary: string) => Promise<unknown>) {
  const temporary = `${target}.${randomBytes(6).toString("hex")}${TEMPORARY_SUFFIX}`;
  try {
    await write(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

/** Runs `work` in a fresh temporary directory that is removed afterwards, whether it worked or not. */
export async function withTemporaryDirectory<T>(prefix: string, work: (directory: string) => Promise<T>) {
  const directory = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true }).catch(() => {});
  }
}
