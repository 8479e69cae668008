/**
 * Operator commands: `npm run cli -- <command>`.
 *   migrate                              apply pending migrations
 *   seed                                 add the demo content (idempotent)
 *   seed --if-empty                      what a first start seeds (see SEED_DEMO): the one-shot step
 *                                        before processes started with MIGRATE_AT_START=false
 *   set-role <email> <user|creator|developer>
 *   jobs                                 job counts, then queued, running and failed jobs
 *   jobs retry <job id>                  put a failed job back in its queue
 *   backup <dir>                         the database, the media list and (local disk) media files
 *   restore <dir>                        a backup into an empty database and DATA_DIR
 */

import path from "node:path";
import { ROLES, type Role } from "~/accounts/people/roles";
import { findUserByEmail, OPERATOR, setUserRole } from "~/accounts/people/user-admin.server";
import { config, loadConfig } from "~/platform/config.server";
import { closeDatabase, connectDatabase } from "~/platform/db/client.server";
import { databaseUrls } from "~/platform/db/database-urls";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { SEED_LOCK_ID, withSessionLock } from "~/platform/db/session-lock.server";
import { jobCounts, listJobs, retryJob, startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { BackupError, backup, restoreData, restoreFiles } from "./backup";
import { PROCESS_JOBS } from "./jobs";
import { seedDemoContent, seedIfEmpty } from "./seed/seed";

const USAGE =
  "Usage: npm run cli -- migrate | seed | seed --if-empty | set-role <email> <user|creator|developer> | jobs | jobs retry <job id> | backup <dir> | restore <dir>";

class UsageError extends Error {}

async function withDatabase(task: (url: string) => Promise<void>, options: { migrate?: boolean } = {}) {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) embedded = await startEmbeddedPostgres(config.DATA_DIR, console.log);
  const urls = databaseUrls(config, embedded?.url);
  try {
    if (options.migrate !== false) await migrateDatabase(urls.direct);
    connectDatabase(urls.pooled, { max: 4, throughPooler: urls.throughPooler });
    // Enqueue only: the server's (or `npm run worker`'s) workers do the work.
    if (options.migrate !== false)
      await startQueue({ url: urls.direct, jobs: PROCESS_JOBS, work: false, instanceName: "cli" });
    // Backups and restores read and write whole databases: a session of their own.
    await task(urls.direct);
  } finally {
    await stopQueue(0).catch(() => {});
    await closeDatabase();
    await embedded?.stop();
  }
}

async function setRole(email: string | undefined, role: string | undefined) {
  if (!email || !role) throw new UsageError(USAGE);
  if (!ROLES.includes(role as Role))
    throw new UsageError(`Unknown role "${role}": use one of ${ROLES.join(", ")}`);
  await withDatabase(async () => {
    // The staff console's service: the same rules, and an audit entry with the operator as actor.
    const userId = await findUserByEmail(email);
    if (!userId) throw new UsageError(`No user with the email ${email}`);
    const result = await setUserRole({ userId, role: role as Role, actor: OPERATOR });
    if (!result.ok) throw new UsageError(`The user ${email} has no profile yet`);
    console.log(result.changed ? `${email} is now ${role}.` : `${email} is already ${role}.`);
  });
}

async function jobs(args: string[]) {
  if (args[0] === "retry") {
    const id = args[1];
    if (!id) throw new UsageError(USAGE);
    return withDatabase(async () => {
      const result = await retryJob(id);
      if (!result.ok)
        throw new UsageError(
          result.reason === "not_found" ? `No job with the id ${id}` : `Job ${id} has not failed`,
        );
      console.log(`Job ${id} is queued again.`);
    });
  }
  if (args.length > 0) throw new UsageError(USAGE);
  return withDatabase(async () => {
    const counts = await jobCounts();
    const states = ["queued", "running", "failed", "completed"] as const;
    const names = [
      ...new Set([...PROCESS_JOBS.map((job) => job.name), ...counts.map((row) => row.name)]),
    ].sort();
    const count = (name: string, state: string) =>
      counts.find((row) => row.name === name && row.state === state)?.count ?? 0;
    const width = Math.max(...names.map((name) => name.length), 5);
    console.log(`${"queue".padEnd(width)}  ${states.map((state) => state.padStart(9)).join("  ")}`);
    for (const name of names)
      console.log(
        `${name.padEnd(width)}  ${states.map((state) => String(count(name, state)).padStart(9)).join("  ")}`,
      );
    const listed = await listJobs(["running", "queued", "failed"], 100);
    if (listed.length === 0) return console.log("\nNo queued, running or failed jobs.");
    console.log("");
    for (const job of listed) {
      const when = (job.updatedAt ?? job.createdAt).toISOString().replace("T", " ").slice(0, 19);
      const error = job.error ? `  ${job.error.replace(/\s+/g, " ").slice(0, 120)}` : "";
      console.log(
        `${job.state.padEnd(8)} ${job.id}  ${job.name}  attempt ${job.attempts}  ${when}  ${JSON.stringify(job.data).slice(0, 80)}${error}`,
      );
    }
  });
}

/**
 * `seed`: the demo content. `seed --if-empty`: what a web process seeds at its first start (the demo
 * content with SEED_DEMO=true, else the niches and plans; on a seeded database, the demo's
 * interrupted renders), for stacks whose processes run with MIGRATE_AT_START=false.
 */
async function seed(args: string[]) {
  if (args.length > 1 || (args[0] !== undefined && args[0] !== "--if-empty")) throw new UsageError(USAGE);
  const task = args[0]
    ? () => seedIfEmpty(console.log, { demo: config().seedDemo })
    : () => seedDemoContent(console.log);
  await withDatabase((url) => withSessionLock(url, SEED_LOCK_ID, task));
}

async function backupTo(dir: string | undefined) {
  if (!dir) throw new UsageError(USAGE);
  await withDatabase(async (url) => {
    const manifest = await backup({ dir, config: config(), databaseUrl: url, log: console.log });
    console.log(
      `Backup written to ${path.resolve(dir)}: the database (${manifest.database.method === "pg_dump" ? "pg_dump, custom format" : "a physical copy of the embedded database"}), ${manifest.media.objects} media objects listed${manifest.media.filesIncluded ? " and copied" : " (in the bucket: back it up with its versioning or a copy)"}.`,
    );
  });
}

async function restoreFrom(dir: string | undefined) {
  if (!dir) throw new UsageError(USAGE);
  const manifest = await restoreFiles(dir, loadConfig(), console.log);
  // Migrations after the data: a backup from an older version is brought up to date.
  await withDatabase(
    async (url) => {
      const media = await restoreData({
        dir,
        manifest,
        config: config(),
        databaseUrl: url,
        log: console.log,
      });
      await migrateDatabase(url);
      console.log(
        media.missing.length === 0
          ? `Restored from ${path.resolve(dir)}: the database and all ${media.objects} media objects.`
          : `Restored the database from ${path.resolve(dir)}; ${media.missing.length} of ${media.objects} media objects are missing from storage (first: ${media.missing[0]?.replace("\t", " ")}): restore them from the bucket's versioning or copy.`,
      );
    },
    { migrate: false },
  );
}

async function main(args: string[]) {
  const [command, ...rest] = args;
  switch (command) {
    case "migrate":
      return withDatabase(async () => console.log("Migrations are up to date."));
    case "seed":
      return seed(rest);
    case "set-role":
      return setRole(rest[0], rest[1]);
    case "jobs":
      return jobs(rest);
    case "backup":
      return backupTo(rest[0]);
    case "restore":
      return restoreFrom(rest[0]);
    default:
      throw new UsageError(command ? `Unknown command "${command}". ${USAGE}` : USAGE);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(
      error instanceof UsageError || error instanceof BackupError
        ? error.message
        : `Failed: ${error.message}`,
    );
    process.exit(1);
  },
);
