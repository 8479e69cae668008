/**
 * What the process entry does before it loads the app: reads the configuration, checks ffmpeg, and
 * starts the embedded PostgreSQL, so that creating and starting it (about a second on a first start)
 * overlaps loading the app's modules (about a second) instead of following it (docs/architecture.md,
 * "Start-up"). Kept to those three, so this chunk loads in milliseconds.
 */
import { mediaTools } from "~/media/processing/ffmpeg.server";
import { type Config, loadConfig } from "~/platform/config.server";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";

export interface EarlyStart {
  /** Read once, here: a first start's generated secrets are reported by the start that made them. */
  config: Config;
  /** The embedded PostgreSQL starting; none with an external DATABASE_URL. */
  database?: Promise<EmbeddedDatabase>;
  /** Lines logged before the app's logger exists are held, then written to it. */
  logTo(log: (line: string) => void): void;
}

/**
 * Nothing when the start is to be refused (an invalid configuration, no usable ffmpeg): the start
 * then finds the same problem and says so in its one clear line.
 */
export async function startEarly(): Promise<EarlyStart | undefined> {
  let config: Config;
  try {
    config = loadConfig();
    await mediaTools(); // found once: the start reuses the answer
  } catch {
    return undefined;
  }
  const held: string[] = [];
  let log: (line: string) => void = (line) => held.push(line);
  const database = config.DATABASE_URL
    ? undefined
    : startEmbeddedPostgres(config.DATA_DIR, (line) => log(line));
  database?.catch(() => {}); // awaited by the start; this only keeps an early failure from going unhandled
  return {
    config,
    database,
    logTo(target) {
      log = target;
      for (const line of held.splice(0)) target(line);
    },
  };
}
