import pino from "pino";
import { config } from "./config.server";

/**
 * JSON logs to stdout, written in batches off the request path (a synchronous write per request
 * costs more than serving a cached page). A batch goes out when it reaches 4 KB or is half a second
 * old, so a quiet server's lines (start-up progress, a lone error) still show at once; `flushLogs`
 * empties the buffer before the process exits.
 */
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const FLUSH_AFTER_MS = 500;
let unflushed = false;

export const logger = pino(
  {
    level: config().LOG_LEVEL,
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    hooks: {
      streamWrite(line) {
        unflushed = true;
        return line;
      },
    },
  },
  destination,
);

setInterval(() => {
  if (!unflushed) return;
  unflushed = false;
  destination.flush();
}, FLUSH_AFTER_MS).unref();

export function flushLogs() {
  return new Promise<void>((resolve) => logger.flush(() => resolve()));
}

// A crash or process.exit must not take the last lines with it.
process.on("exit", () => destination.flushSync());
