import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

export const MIGRATIONS_DIR = path.resolve("db/migrations");
/** Any fixed 64-bit number: every Verdeo process agrees on it. */
const MIGRATION_LOCK_ID = 7_340_112_901;

/**
 * Applies pending migrations. The advisory lock makes a second process that starts at the
 * same moment wait, then find nothing left to do.
 */
export async function migrateDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
