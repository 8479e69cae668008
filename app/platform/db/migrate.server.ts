import path from "node:path";
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
