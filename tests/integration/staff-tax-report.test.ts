import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseTaxPeriod } from "~/commerce/billing/tax-periods";
import { decimalAmount } from "~/commerce/billing/tax-report";
import { taxReportFor } from "~/commerce/billing/tax-report.server";
import { type Currency, toEuroCents } from "~/payments/currencies";
import { loader as pageLoader } from "~/staff/routes/tax";
import { loader as fileLoader } from "~/staff/routes/tax-file";
import { getPage } from "../factories/commerce";
import { load, signedIn } from "../factories/staff";
import { generateTaxMonth } from "../factories/tax-month";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();
const MARCH = new Date("2025-03-01T00:00:00Z");
const APRIL = new Date("2025-04-01T00:00:00Z");

const callLoader = (loader: unknown, path: string, cookie: string) =>
  (loader as (args: unknown) => Promise<Response>)({
    request: getPage(path, cookie),
    params: {},
    context: { clientIp: "203.0.113.20", requestId: "test", cspNonce: "n" },
  });

describe("the staff tax report ties out to the invoices and credit notes", () => {
  it("a generated month of 1,000 orders in four currencies: totals per currency and in euros are the documents' sums", async () => {
    const { documents } = await generateTaxMonth(MARCH, 1_000);
    const period = parseTaxPeriod("2025-03", new Date())!;
    const { report, oss } = await taxReportFor(period);

    const inMonth = documents.filter((doc) => doc.issuedAt >= MARCH && doc.issuedAt < APRIL);
    const sign = (kind: string) => (kind === "invoice" ? 1 : -1);
    const expected = new Map<
      Currency,
      { gross: number; tax: number; grossEuro: number; taxEuro: number; invoices: number; notes: number }
    >();
    for (const doc of inMonth) {
      const sum = expected.get(doc.currency) ?? {
        gross: 0,
        tax: 0,
        grossEuro: 0,
        taxEuro: 0,
        invoices: 0,
        notes: 0,
      };
      sum.gross += sign(doc.kind) * doc.grossCents;
      sum.tax += sign(doc.kind) * doc.taxCents;
      sum.grossEuro += sign(doc.kind) * toEuroCents(doc.grossCents, doc.currency, doc.eurRate);
      sum.taxEuro += sign(doc.kind) * toEuroCents(doc.taxCents, doc.currency, doc.eurRate);
      if (doc.kind === "invoice") sum.invoices += 1;
      else sum.notes += 1;
      expected.set(doc.currency, sum);
    }
    expect([...expected.keys()].sort()).toEqual(["CHF", "EUR", "GBP", "USD"]);
    expect(report.byCurrency.map((total) => total.currency)).toEqual(["EUR", "USD", "GBP", "CHF"]);
    for (const total of report.byCurrency) {
      const sum = expected.get(total.currency)!;
      expect(total).toEqual({
        currency: total.currency,
        invoices: sum.invoices,
        creditNotes: sum.notes,
        grossCents: sum.gross,
        taxCents: sum.tax,
        netCents: sum.gross - sum.tax,
        grossEuroCents: sum.grossEuro,
        taxEuroCents: sum.taxEuro,
        netEuroCents: sum.grossEuro - sum.taxEuro,
      });
    }
    const all = [...expected.values()];
    expect(report.euros.invoices).toBe(1_000);
    expect(report.euros.creditNotes).toBe(all.reduce((n, sum) => n + sum.notes, 0));
    expect(report.euros.creditNotes).toBeGreaterThan(150);
    expect(report.euros.grossEuroCents).toBe(all.reduce((n, sum) => n + sum.grossEuro, 0));
    expect(report.euros.taxEuroCents).toBe(all.reduce((n, sum) => n + sum.taxEuro, 0));
    // The rows add up to their currency's totals.
    for (const total of report.byCurrency) {
      const rows = report.rows.filter((row) => row.currency === total.currency);
      expect(rows.reduce((n, row) => n + row.grossCents, 0)).toBe(total.grossCents);
      expect(rows.reduce((n, row) => n + row.taxEuroCents, 0)).toBe(total.taxEuroCents);
    }

    // The database's own sum of the month's documents, per currency, agrees.
    const fromSql = await database.db.execute<{ currency: Currency; gross: string; tax: string }>(sql`
      select currency, sum(gross)::bigint as gross, sum(tax)::bigint as tax from (
        select o.currency, o.total_cents as gross, o.vat_amount_cents as tax from invoices i join orders o on o.id = i.order_id
          where i.issued_at >= ${MARCH.toISOString()} and i.issued_at < ${APRIL.toISOString()}
        union all
        select o.currency, -c.amount_cents, -c.vat_cents from credit_notes c join orders o on o.id = c.order_id
          where c.issued_at >= ${MARCH.toISOString()} and c.issued_at < ${APRIL.toISOString()}
      ) documents group by currency`);
    for (const row of fromSql.rows) {
      const total = report.byCurrency.find((candidate) => candidate.currency === row.currency)!;
      expect([total.grossCents, total.taxCents]).toEqual([Number(row.gross), Number(row.tax)]);
    }

    // The OSS summary is the EU consumer rows, in euros.
    const consumers = report.rows.filter((row) => row.taxReason === "eu_consumer");
    expect(oss.vatEuroCents).toBe(consumers.reduce((n, row) => n + row.taxEuroCents, 0));
    expect(new Set(oss.lines.map((line) => line.country))).toEqual(new Set(["DE", "EE", "FR", "HU"]));

    // The CSV: a byte-order mark, then a total row per currency with the same amounts.
    const staff = await signedIn("developer");
    const file = await callLoader(fileLoader, "/staff/tax/file?period=2025-03&part=report", staff.cookie);
    expect(file.headers.get("Content-Type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(file.headers.get("Content-Disposition")).toBe(
      'attachment; filename="verdeo-tax-report-2025-03.csv"',
    );
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Period,Country,Tax reason,Rate %,Currency,Invoices,Credit notes,Net,Tax,Gross,Net EUR,Tax EUR,Gross EUR",
    );
    for (const total of report.byCurrency)
      expect(lines).toContain(
        [
          "2025-03",
          "Total",
          "",
          "",
          total.currency,
          total.invoices,
          total.creditNotes,
          decimalAmount(total.netCents, total.currency),
          decimalAmount(total.taxCents, total.currency),
          decimalAmount(total.grossCents, total.currency),
          decimalAmount(total.netEuroCents, "EUR"),
          decimalAmount(total.taxEuroCents, "EUR"),
          decimalAmount(total.grossEuroCents, "EUR"),
        ].join(","),
      );
    expect(lines.at(-1)).toBe(
      `2025-03,Total,,,all in EUR,1000,${report.euros.creditNotes},,,,${decimalAmount(report.euros.netEuroCents, "EUR")},${decimalAmount(report.euros.taxEuroCents, "EUR")},${decimalAmount(report.euros.grossEuroCents, "EUR")}`,
    );
  });

  it("answers a malformed period or file with 400 and a sentence; a buyer gets no report", async () => {
    const staff = await signedIn("developer");
    for (const path of [
      "/staff/tax/file?period=2025-13",
      "/staff/tax/file?period=2025-03&part=oss",
      "/staff/tax/file?period=2025-Q1&part=ledger",
    ]) {
      const reply = await callLoader(fileLoader, path, staff.cookie);
      expect(reply.status).toBe(400);
      expect(await reply.text()).toMatch(/^Choose/);
    }
    const oss = await callLoader(fileLoader, "/staff/tax/file?period=2025-Q1&part=oss", staff.cookie);
    expect((await oss.text()).split("\r\n")[0]).toBe(
      "Period,Member state of consumption,VAT rate %,Taxable amount EUR,VAT amount EUR",
    );
    expect((await load(pageLoader, "/staff/tax?period=nope", staff.cookie)).status).toBe(400);
    const page = await load(pageLoader, "/staff/tax?period=2025-Q1", staff.cookie);
    expect(page).toMatchObject({ status: 200, data: { period: { key: "2025-Q1" } } });
    const buyer = await signedIn("user");
    expect((await load(pageLoader, "/staff/tax", buyer.cookie)).status).toBe(404);
  });
});
