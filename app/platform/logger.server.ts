import pino from "pino";
import { config } from "./config.server";

/**
 * JSON logs to stdout, written in batches off the request path (a synchronous write per request
 * costs more than serving a cached page). `flushLogs` empties the buffer before the process exits.
 */
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });

export const logger = pino(
  {
    level: config().LOG_LEVEL,
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  },
  destination,
);

export function flushLogs() {
  return new Promise<void>((resolve) => logger.flush(() => resolve()));
}

// A crash or process.exit must not take the last lines with it.
process.on("exit", () => destination.flushSync());
