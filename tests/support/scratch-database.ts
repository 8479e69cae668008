import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { MIGRATIONS_DIR } from "~/platform/db/migrate.server";
import { withDatabase } from "../setup/global-database";

/**
 * A database of its own for a migration test, on the test run's PostgreSQL: migrated up to just
 * before one migration, filled with rows as they were then, then migrated to the end, so the test
 * sees what that migration made of them. Dropped after the file's tests. Call once at the top of
 * the test file; `label` names the database (letters and underscores).
 */
export function useScratchDatabase(label: string) {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `verdeo_${label}_${process.pid}`;
  const folder = mkdtempSync(path.join(tmpdir(), "verdeo-migrations-"));
  let client: pg.Client | null = null;

  afterAll(async () => {
    await client?.end().catch(() => {});
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(folder, { recursive: true, force: true });
  });

  async function admin(statement: string) {
    const connection = new pg.Client({ connectionString: adminUrl });
    await connection.connect();
    await connection.query(statement).finally(() => connection.end());
  }

  /** The committed migrations up to (not including) `tag`, as their own folder. */
  function migrationsBefore(tag: string) {
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8"));
    const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
    if (index < 0) throw new Error(`no migration ${tag} in ${MIGRATIONS_DIR}`);
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  return {
    /** Creates the database, migrated up to just before `tag`, and returns a client connected to it. */
    async migratedBefore(tag: string) {
      await admin(`create database ${name}`);
      client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
      await client.connect();
      await migrate(drizzle(client), { migrationsFolder: migrationsBefore(tag) });
      return client;
    },
    /** Runs the remaining migrations, `tag` first. */
    async migrateToEnd() {
      if (!client) throw new Error("migratedBefore(tag) first");
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    },
  };
}
