import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { config } from "./config.server";
import { currentLogContext } from "./http/request-context.server";

/**
 * One logger for the process. JSON lines when stdout is a file, a pipe or a collector; readable,
 * coloured one-line logs (pino-pretty) when it is a terminal; LOG_FORMAT=json|pretty overrides. Every line written while serving a
 * request or working a job carries its ids (request-context.server.ts).
 */
export function createLogger(options: { level: string; destination: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      mixin: () => currentLogContext() ?? {},
      hooks: {
        streamWrite(line) {
          unflushed = true;
          return line;
        },
      },
    },
    options.destination,
  );
}

/**
 * JSON is written in batches off the request path (a synchronous write per request costs more than
 * serving a cached page). A batch goes out when it reaches 4 KB or is half a second old, so a quiet
 * server's lines (start-up progress, a lone error) still show at once; `flushLogs` empties the
 * buffer before the process exits. The lines of one turn of the event loop reach the buffer as one
 * string: it measures the byte length of every string it is given, which line by line was about two
 * thirds of a busy server's logging (bench:api's profile).
 */
const file = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const FLUSH_AFTER_MS = 500;
let unflushed = false;
let turnLines: string[] = [];

function passTurnLines() {
  if (turnLines.length === 0) return;
  const text = turnLines.join("");
  turnLines = [];
  file.write(text);
}

const json = {
  write(line: string) {
    if (turnLines.push(line) === 1) setImmediate(passTurnLines);
    return true;
  },
  flush(done?: (error?: Error) => void) {
    passTurnLines();
    file.flush(done);
  },
  flushSync() {
    passTurnLines();
    file.flushSync();
  },
};

const format = config().LOG_FORMAT ?? (process.stdout.isTTY === true ? "pretty" : "json");
const terminal = format === "pretty";
export const logger = createLogger({
  level: config().LOG_LEVEL,
  destination: terminal
    ? pretty({
        colorize: process.stdout.isTTY === true,
        singleLine: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname",
        sync: true,
      })
    : json,
});

/** What the access line of one answer says (pino-http's shape). */
export interface RequestCompleted {
  requestId: string;
  method: string;
  url: string;
  ip: string | undefined;
  status: number;
  responseTime: number;
}

const INFO = 30;

/**
 * The access line of an answer served from a kept copy. As JSON it is written whole, the line pino
 * would write, without pino's work per line (the mixin, the redaction's copy, serialising an
 * object): at thousands of API reads a second that work cost as much as a quarter of the rest of
 * each answer (bench:api). A terminal's readable lines still go through pino.
 */
export function logRequestCompleted(line: RequestCompleted) {
  if (terminal) {
    const { requestId, method, url, ip, status, responseTime } = line;
    const req = { id: requestId, method, url, ip };
    return logger.info({ requestId, req, res: { status }, responseTime }, "request completed");
  }
  if (!logger.isLevelEnabled("info")) return;
  const id = JSON.stringify(line.requestId);
  const ip = line.ip === undefined ? "" : `,"ip":${JSON.stringify(line.ip)}`;
  unflushed = true;
  json.write(
    `{"level":${INFO},"time":${Date.now()},"requestId":${id},"req":{"id":${id},"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}${ip}},"res":{"status":${line.status}},"responseTime":${line.responseTime},"msg":"request completed"}\n`,
  );
}

setInterval(() => {
  if (!unflushed || terminal) return;
  unflushed = false;
  json.flush();
}, FLUSH_AFTER_MS).unref();

export function flushLogs() {
  return new Promise<void>((resolve) => logger.flush(() => resolve()));
}

// A crash or process.exit must not take the last lines with it.
process.on("exit", () => {
  if (!terminal) json.flushSync();
});

/**
 * Libraries that write to the console (and our own stray console calls) go through the logger, so
 * a log collector sees one JSON line per event, never a bare stack trace between them.
 */
export function routeConsoleToLogger() {
  const format = (args: unknown[]) => {
    const error = args.find((arg) => arg instanceof Error);
    const text = args
      .filter((arg) => arg !== error)
      .map((arg) => (typeof arg === "string" ? arg : safeJson(arg)))
      .join(" ");
    return { error, text: text || (error as Error | undefined)?.message || "" };
  };
  const original = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  console.log = console.info = (...args: unknown[]) => {
    const { error, text } = format(args);
    logger.info(error ? { err: error } : {}, text);
  };
  console.warn = (...args: unknown[]) => {
    const { error, text } = format(args);
    logger.warn(error ? { err: error } : {}, text);
  };
  console.error = (...args: unknown[]) => {
    const { error, text } = format(args);
    logger.error(error ? { err: error } : {}, text);
  };
  return () => Object.assign(console, original);
}

function safeJson(value: unknown) {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
