import { expect, it } from "vitest";
import { useScratchDatabase } from "../support/scratch-database";

const TAX = "0024_billing_tax";
const scratch = useScratchDatabase("countries");

it("orders stored with the old English country names get their ISO codes, and the credit note series starts", async () => {
  const client = await scratch.migratedBefore(TAX);
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
  await scratch.migrateToEnd();
  const rows = await client.query(
    "select idempotency_key, country, tax_reason from orders order by idempotency_key",
  );
  expect(rows.rows.map((row) => row.country)).toEqual(["CY", "DE", "GB", "ST", "KN", "RS", "FR"]);
  const counter = await client.query("select last_number from credit_note_counter where id = 1");
  expect(counter.rows).toEqual([{ last_number: 0 }]);
});
