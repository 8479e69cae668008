import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { migrateDatabase } from "~/platform/db/migrate.server";

export const TEMPLATE_DATABASE = "verdeo_template";

/**
 * One PostgreSQL for the whole run (embedded unless TEST_DATABASE_URL is given), with a migrated
 * template database that each test file clones (tests/setup/database.ts).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-test-"));
  process.env.NODE_ENV = "test";
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = "silent";
  process.env.BETTER_AUTH_SECRET ??= "test-secret-that-is-long-enough-for-better-auth";
  process.env.PUBLIC_URL ??= "http://localhost:3000";

  const embedded = process.env.TEST_DATABASE_URL ? undefined : await startEmbeddedPostgres(dataDir, () => {});
  const adminUrl = process.env.TEST_DATABASE_URL ?? embedded!.url;

  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
    await migrateDatabase(templateUrl);
    await seedTemplate(templateUrl);
  } catch (error) {
    // vitest reports a failed set-up but may still end with code 0 once the embedded cluster's
    // exit hook runs: a migration that fails must fail the run.
    process.exitCode = 1;
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  project.provide("adminDatabaseUrl", adminUrl);
  return async () => {
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Reference data (niches, plans, promo codes) and the job queue's schema and queues are in every test
 * database from the start.
 */
async function seedTemplate(url: string) {
  const { connectDatabase, closeDatabase } = await import("~/platform/db/client.server");
  const { startQueue, stopQueue } = await import("~/platform/jobs/queue.server");
  const { PROCESS_JOBS: JOBS } = await import("../../server/jobs");
  const { seedReferenceData } = await import("../../server/seed/seed");
  connectDatabase(url, { max: 1 });
  await seedReferenceData();
  await startQueue({ url, jobs: JOBS, work: false, instanceName: "test-template" });
  await stopQueue(0);
  await closeDatabase();
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
