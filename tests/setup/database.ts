import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { loadConfig } from "~/platform/config.server";
import { closeDatabase, connectDatabase, type Database } from "~/platform/db/client.server";
import { startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { PROCESS_JOBS as JOBS } from "../../server/jobs";
import { TEMPLATE_DATABASE, withDatabase } from "./global-database";

/**
 * Gives the calling test file a fresh database cloned from the migrated template, connected as the
 * app's database, with the job queue started to enqueue only (nothing works the jobs unless the test
 * asks: `workDueJobs(JOBS)` from ~/platform/jobs/queue.server runs what is due, deterministically).
 * The file also gets a data folder of its own (stored media, outbox): every file's database numbers
 * clips from the same start, and two files running side by side once shared `clips/1001/`, so one
 * clip failing there deleted the other file's renditions.
 * Call once at the top of an integration test file.
 */
export function useTestDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-test-file-"));
  process.env.DATA_DIR = dataDir;
  loadConfig();
  const adminUrl = inject("adminDatabaseUrl");
  const name = `verdeo_test_${randomBytes(6).toString("hex")}`;
  const state: { db?: Database; url?: string } = {};

  beforeAll(async () => {
    await adminQuery(adminUrl, `create database ${name} template ${TEMPLATE_DATABASE}`);
    state.url = withDatabase(adminUrl, name);
    state.db = connectDatabase(state.url);
    await startQueue({ url: state.url, jobs: JOBS, work: false, instanceName: "test" });
  });

  afterAll(async () => {
    await stopQueue(0);
    await closeDatabase();
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get db() {
      if (!state.db) throw new Error("useTestDatabase: the database is ready only inside tests and hooks");
      return state.db;
    },
    get url() {
      return state.url!;
    },
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
