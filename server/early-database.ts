/**
 * The embedded PostgreSQL, started by the process entry before it loads the app: creating and
 * starting it (about a second on a first start) then overlaps loading the app's modules (about a
 * second), instead of following it (docs/architecture.md, "Start-up"). Kept to the configuration,
 * the media tools' check and the embedded database, so this chunk loads in milliseconds.
 */
import { mediaTools } from "~/media/processing/ffmpeg.server";
import { loadConfig } from "~/platform/config.server";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";

export interface EarlyDatabase {
  database: Promise<EmbeddedDatabase>;
  /** Lines logged before the app's logger exists are held, then written to it. */
  logTo(log: (line: string) => void): void;
}

/**
 * Nothing with an external DATABASE_URL, or when the start is to be refused (an invalid
 * configuration, no usable ffmpeg): the start then says why itself, in its one clear line.
 */
export async function startEmbeddedDatabaseEarly(): Promise<EarlyDatabase | undefined> {
  let dataDir: string;
  try {
    const config = loadConfig();
    if (config.DATABASE_URL) return undefined;
    dataDir = config.DATA_DIR;
    await mediaTools(); // found once: the start reuses the answer
  } catch {
    return undefined;
  }
  const held: string[] = [];
  let log: (line: string) => void = (line) => held.push(line);
  const database = startEmbeddedPostgres(dataDir, (line) => log(line));
  database.catch(() => {}); // awaited by the start; this only keeps an early failure from going unhandled
  return {
    database,
    logTo(target) {
      log = target;
      for (const line of held.splice(0)) target(line);
    },
  };
}
