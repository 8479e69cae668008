import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR } from "~/platform/db/migrate.server";
import { withDatabase } from "../setup/global-database";

const TAX = "0024_billing_tax";
const adminUrl = inject("adminDatabaseUrl");
const name = `verdeo_countries_${process.pid}`;
const scratch = mkdtempSync(path.join(tmpdir(), "verdeo-migrations-"));

afterAll(async () => {
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

function migrationsBefore(tag: string) {
  cpSync(MIGRATIONS_DIR, scratch, { recursive: true });
  const journalFile = path.join(scratch, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return scratch;
}

it("orders stored with the old English country names get their ISO codes, and the credit note series starts", async () => {
  await admin(`create database ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore(TAX) });
    const names = [
      "Cyprus",
      "Germany",
      "United Kingdom",
      "São Tomé and Príncipe",
      "St. Kitts and Nevis",
      "Serbia",
      "France",
    ];
    for (const [index, country] of names.entries()) {
      await client.query(
        `insert into orders_pending (idempotency_key, plan_category, license_kind, billing, downloads,
          unit_price_cents, subtotal_cents, vat_rate_bps, vat_amount_cents, total_cents, email, country)
         values ($1, 'creator', 'standard', 'one_time', 5, 100, 100, 1900, 19, 119, 'a@example.com', $2)`,
        [`key-${index}`, country],
      );
    }
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const rows = await client.query(
      "select idempotency_key, country, tax_reason from orders_pending order by idempotency_key",
    );
    expect(rows.rows.map((row) => row.country)).toEqual(["CY", "DE", "GB", "ST", "KN", "RS", "FR"]);
    const counter = await client.query("select last_number from credit_note_counter where id = 1");
    expect(counter.rows).toEqual([{ last_number: 0 }]);
  } finally {
    await client.end();
  }
});
