import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { MIGRATION_LOCK_ID, withSessionLock } from "./session-lock.server";

export const MIGRATIONS_DIR = path.resolve("db/migrations");

/**
 * Applies pending migrations. The advisory lock makes a second process that starts at the
 * same moment wait, then find nothing left to do.
 */
export async function migrateDatabase(url: string) {
  await withSessionLock(url, MIGRATION_LOCK_ID, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.end();
    }
  });
}

/**
 * How many of this build's migrations the database lacks, by drizzle's own rule (a migration is
 * applied when the newest recorded one is at least as recent).
 */
export async function pendingMigrations(url: string): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query("select to_regclass('drizzle.__drizzle_migrations') as name");
    const { rows } = table.rows[0]?.name
      ? await client.query<{ newest: string | null }>(
          "select max(created_at)::text as newest from drizzle.__drizzle_migrations",
        )
      : { rows: [] };
    const newest = Number(rows[0]?.newest ?? -1);
    return migrations.filter((migration) => migration.folderMillis > newest).length;
  } finally {
    await client.end();
  }
}

/**
 * At start: migrate (MIGRATE_AT_START, the default), or, where a one-shot `cli migrate` runs
 * before the processes (compose.yaml), only refuse to start on a database it has not brought up to date.
 */
export async function migrateOrCheck(url: string, migrateAtStart: boolean) {
  if (migrateAtStart) return migrateDatabase(url);
  const pending = await pendingMigrations(url);
  if (pending > 0)
    throw new Error(
      `${pending} migration${pending === 1 ? " is" : "s are"} pending and MIGRATE_AT_START=false: run \`npm run cli -- migrate\` (node build/server/cli.js migrate) first`,
    );
}
