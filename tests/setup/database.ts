import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, connectDatabase, type Database } from "~/platform/db/client.server";
import { startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { PROCESS_JOBS as JOBS } from "../../server/jobs";
import { TEMPLATE_DATABASE, withDatabase } from "./global-database";

/**
 * Gives the calling test file a fresh database cloned from the migrated template, connected as the
 * app's database, with the job queue started to enqueue only (nothing works the jobs unless the test
 * asks: `workDueJobs(JOBS)` from ~/platform/jobs/queue.server runs what is due, deterministically).
 * Call once at the top of an integration test file.
 */
export function useTestDatabase() {
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
