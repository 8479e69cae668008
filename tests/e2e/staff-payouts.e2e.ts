import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PAYOUT_RUN_TEXTS, payoutRunApprovalTexts } from "~/payouts/runs/payout-runs";
import { SELLER_REPORT_HEADER } from "~/payouts/statements/seller-report.server";
import { CSV_BOM, csvRow } from "~/platform/text/csv";
import { sealIban, TEST_IBANS } from "../factories/payout-runs";
import { connectToServerDatabase } from "../support/commerce-http";
import { xsdErrors } from "../support/xsd";
import { signInByCookie } from "./accounts-helpers";
import { DESKTOP, expectAccessible, newPage, PHONE } from "./browser";
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

/**
 * A creator paid by bank transfer, with complete seller details (saved before DAC7's TIN issuing
 * country, and an individual's first and last name apart, were asked) and €64.20 credited 35 days ago, available `available` (SQL) or 5 days ago.
 */
async function bankPayee(suffix = "", available = "now() - interval '5 days'") {
  const id = `e2e-payee-${run}${suffix}`;
  const username = `payee_${run}${suffix}`;
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
       ${available}, now() - interval '35 days')`,
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

  it("the DAC7 report names the operator and downloads every field: the IBAN, and per quarter consideration, activities, fees and taxes", async () => {
    // Not yet available: no other test's run pays this creator.
    const payee = await bankPayee("_dac7", "now() + interval '400 days'");
    const year = new Date(Date.now() - 35 * 86_400_000).getUTCFullYear();
    const page = await newPage({ viewport: DESKTOP });
    await signInByCookie(page, DEVELOPER);
    await page.goto("/staff/payouts");
    const operator = page.getByRole("definition").filter({ hasText: "PLATFORM_OPERATOR_TIN" });
    await page.getByText("Platform operator", { exact: true }).waitFor();
    expect(await operator.count()).toBe(1);
    await page.getByLabel("Year").selectOption(String(year));
    await page.getByLabel("File").selectOption("sellers");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`verdeo-seller-report-${year}.csv`);
    const file = await readFile((await download.path())!, "utf8");
    expect(file.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = file.slice(CSV_BOM.length).split("\r\n");
    expect(header).toBe(csvRow(SELLER_REPORT_HEADER));
    for (const column of [
      "Financial account identifier",
      "Q4 fees and commissions (EUR)",
      "Q1 taxes withheld (EUR)",
    ])
      expect(header).toContain(column);
    const row = rows.find((line) => line.includes(payee.username))!;
    expect(row).toContain(TEST_IBANS.DE.iban.replace(/\s/g, ""));
    // €64.20 to the creator of a €128.40 sale: €64.20 of fees, no tax, one activity, in its quarter.
    expect(row).toContain(",64.20,1,64.20,0.00,");
    expect(row).toContain("missing: first and last name; TIN issuing country");
    // A fresh page per scheme: switching on an open page would let axe see colours mid-transition.
    for (const colorScheme of ["light", "dark"] as const) {
      const schemed = await newPage({ viewport: PHONE, colorScheme, reducedMotion: "reduce" });
      await signInByCookie(schemed, DEVELOPER);
      await schemed.goto("/staff/payouts");
      await schemed.getByText("Platform operator", { exact: true }).waitFor();
      expect(await schemed.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        colorScheme === "dark",
      );
      await expectAccessible(schemed);
    }
  });
});
