import { readFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR, migrateOrCheck, pendingMigrations } from "~/platform/db/migrate.server";
import { withDatabase } from "../setup/global-database";
import { useScratchDatabase } from "../support/scratch-database";

const adminUrl = inject("adminDatabaseUrl");
const empty = `verdeo_unmigrated_${process.pid}`;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const lastTag = journal.entries.at(-1)!.tag;
const scratch = useScratchDatabase("one_behind");

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

afterAll(() => admin(`drop database if exists ${empty} with (force)`));

describe("processes started with MIGRATE_AT_START=false", () => {
  it("refuse an empty database, naming the one-shot command, and leave it untouched", async () => {
    await admin(`create database ${empty}`);
    const url = withDatabase(adminUrl, empty);
    expect(await pendingMigrations(url)).toBe(journal.entries.length);
    await expect(migrateOrCheck(url, false)).rejects.toThrow(
      `${journal.entries.length} migrations are pending and MIGRATE_AT_START=false: run \`npm run cli -- migrate\``,
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client
      .query("select to_regclass('drizzle.__drizzle_migrations') as name")
      .finally(() => client.end());
    expect(rows[0].name).toBeNull();
  });

  it("refuse a database one migration behind, and start once it is migrated", async () => {
    const client = await scratch.migratedBefore(lastTag);
    const url = withDatabase(adminUrl, client.database!);
    await expect(migrateOrCheck(url, false)).rejects.toThrow(/^1 migration is pending/);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    expect(await pendingMigrations(url)).toBe(0);
    await expect(migrateOrCheck(url, false)).resolves.toBeUndefined();
  });

  it("migrate by themselves with the default, MIGRATE_AT_START=true", async () => {
    const url = withDatabase(adminUrl, empty);
    await migrateOrCheck(url, true);
    expect(await pendingMigrations(url)).toBe(0);
  }, 120_000);
});
