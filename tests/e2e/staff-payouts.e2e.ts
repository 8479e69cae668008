import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PAYOUT_RUN_TEXTS, payoutRunApprovalTexts } from "~/payouts/runs/payout-runs";
import { sealIban, TEST_IBANS } from "../factories/payout-runs";
import { connectToServerDatabase } from "../support/commerce-http";
import { xsdErrors } from "../support/xsd";
import { signInByCookie } from "./accounts-helpers";
import { expectAccessible, newPage, PHONE } from "./browser";
import { lockPayoutRuns } from "./shared-locks";

/** A month's payout run as the team works it in the console, signed in as the demo developer. */
const DEVELOPER = "dev@verdeo.local";
const run = Date.now().toString(36);
// A month no other browser test pays out: each month has one run on this shared server.
const PERIOD = "2021-03";

let client: pg.Client;
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  await client?.end();
});

/** The key the browser tests' server generated for itself (a local run keeps it in DATA_DIR). */
const serverPayoutKey = () => readFileSync(path.join(inject("dataDir"), "payout-key"), "utf8").trim();

/** A creator paid by bank transfer, with complete seller details and €64.20 available. */
async function bankPayee() {
  const id = `e2e-payee-${run}`;
  const username = `payee_${run}`;
  await client.query(`insert into "user" (id, name, email) values ($1, 'Zoë Payee', $2)`, [
    id,
    `${username}@example.com`,
  ]);
  await client.query(
    `insert into profiles (id, email, full_name, username, role) values ($1, $2, 'Zoë Payee', $3, 'creator')`,
    [id, `${username}@example.com`, username],
  );
  await client.query(
    `insert into payout_accounts (creator_id, method, bank_holder, bank_iban_sealed, bank_iban_last4, bank_bic)
     values ($1, 'bank', 'Zoë Payee', $2, '3000', $3)`,
    [id, sealIban(TEST_IBANS.DE.iban, id, serverPayoutKey()), TEST_IBANS.DE.bic],
  );
  await client.query(
    `insert into seller_details (creator_id, seller_kind, legal_name, address_line, postal_code, city, country, date_of_birth, tax_id, tax_country)
     values ($1, 'individual', 'Zoë Payee', '1 Quay Street', '1065', 'Nicosia', 'CY', '1990-04-01', 'CY12345678X', 'CY')`,
    [id],
  );
  const order = await client.query<{ id: string }>(
    `insert into orders (idempotency_key, plan_category, license_kind, billing, downloads, unit_price_cents,
       subtotal_cents, promo_value_cents, vat_rate_bps, vat_amount_cents, total_cents, email, country)
     values (gen_random_uuid()::text, 'creator', 'standard', 'one_time', 10, 8900, 8900, 0, 1900, 1691, 10591, $1, 'CY')
     returning id`,
    [`buyer-${run}@example.com`],
  );
  await client.query(
    `insert into royalty_lines (creator_id, kind, license_id, order_id, clip_title, plan_name, base_cents, rate_bps,
       amount_cents, available_at, created_at)
     values ($1, 'royalty', gen_random_uuid()::text, $2, 'Harbour at dawn', 'Creator', 12840, 5000, 6420,
       now() - interval '5 days', now() - interval '35 days')`,
    [id, order.rows[0]!.id],
  );
  return { id, username };
}

describe("staff payouts", () => {
  it("propose a month's run, approve it after the confirm step, download the SEPA file, mark it sent", async () => {
    const page = await newPage();
    await signInByCookie(page, DEVELOPER);
    const releaseRuns = await lockPayoutRuns();
    const payee = await bankPayee();
    const row = page.getByRole("row").filter({ hasText: payee.username });
    try {
      await page.goto("/staff/payouts");
      await page.getByLabel("Month").fill(PERIOD);
      await page.getByRole("button", { name: "Propose run" }).click();
      await page.waitForURL(/\/staff\/payouts\/[0-9a-f-]{36}$/);
      await page.getByRole("heading", { name: "Payouts for March 2021" }).waitFor();
      await row.getByText("€64.20 · 1 line").waitFor();
    } finally {
      releaseRuns();
    }
    await expectAccessible(page);

    await page.getByRole("link", { name: "Approve run…" }).click();
    await page.getByRole("heading", { name: "Approve this run?" }).waitFor();
    await page.getByRole("button", { name: "Approve and pay" }).click();
    await page.getByText(payoutRunApprovalTexts(false).approved).first().waitFor();
    await row.getByText("To send").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "SEPA file (pain.001)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`verdeo-payouts-${PERIOD}.pain001.xml`);
    const xml = await readFile((await download.path())!, "utf8");
    expect(await xsdErrors(xml)).toEqual([]);
    expect(xml).toContain('<InstdAmt Ccy="EUR">64.20</InstdAmt>');

    await page.getByRole("link", { name: "Mark bank payouts sent…" }).click();
    await page.getByRole("button", { name: "Mark sent" }).click();
    await page.getByText(PAYOUT_RUN_TEXTS.markedSent).first().waitFor();
    await row.getByText("Sent", { exact: true }).waitFor();
    await page.getByText("Completed", { exact: true }).first().waitFor();
    const lines = await client.query<{ status: string }>(
      `select p.status from royalty_lines l join payouts p on p.id = l.payout_id where l.creator_id = $1`,
      [payee.id],
    );
    expect(lines.rows).toEqual([{ status: "sent" }]);
  });

  it("the runs list reads on a phone in dark mode, accessibly", async () => {
    const page = await newPage({ viewport: PHONE });
    await signInByCookie(page, DEVELOPER);
    await page.goto("/staff/payouts");
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await page.getByRole("heading", { name: "Payouts", exact: true }).waitFor();
    await page.getByRole("button", { name: "Propose run" }).waitFor();
    await expectAccessible(page);
  });
});
