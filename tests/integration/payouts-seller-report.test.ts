import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { creditRoyalty, reverseOrderRoyaltiesInPart } from "~/payouts/ledger/ledger.server";
import { sellerDetails } from "~/payouts/schema.server";
import { reportPeriodText, reportYearText } from "~/payouts/statements/seller-report";
import { MISSING_REPORT_HEADER, SELLER_REPORT_HEADER } from "~/payouts/statements/seller-report.server";
import { listAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { csvRow } from "~/platform/text/csv";
import { loader as reportLoader } from "~/staff/routes/payout-report";
import { createClip, createProfile } from "../factories/catalog";
import { getPage } from "../factories/commerce";
import { createOrder } from "../factories/licensing";
import { createPayee, earn, TEST_IBANS } from "../factories/payout-runs";
import { signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  staff = await signedIn("developer");
});

async function report(query: string, cookie = staff.cookie) {
  const response = (await reportLoader({
    request: getPage(`/staff/payouts/report${query}`, cookie),
    params: {},
    context: {},
  } as never)) as Response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  // TextDecoder drops the byte-order mark, as a spreadsheet does.
  return { status: response.status, bytes, text: new TextDecoder().decode(bytes), headers: response.headers };
}

/** The cells of one CSV line (RFC 4180 quotes; these tests' cells hold no line breaks). */
function cellsOf(line: string) {
  const cells: string[] = [];
  for (const match of line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)) {
    const cell = match[1]!;
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
  }
  return cells;
}

/** The data rows of a CSV as objects keyed by the header. */
function rowsOf(text: string) {
  const [header, ...lines] = text.split("\r\n").filter(Boolean);
  const names = cellsOf(header!);
  return lines.map((line) => Object.fromEntries(cellsOf(line).map((cell, i) => [names[i], cell])));
}

/** A sale of `baseCents` of which the creator's share is `amountCents`, on an order of its own. */
async function sell(creatorId: string, baseCents: number, amountCents: number, at: Date) {
  const order = await createOrder();
  const owner = await createProfile();
  await creditRoyalty(db(), {
    creatorId,
    licenseId: randomUUID(),
    orderId: order.id,
    clipId: (await createClip({ userId: owner!.id }))!,
    clipTitle: "Harbour at dawn",
    planName: "Creator",
    baseCents,
    rateBps: Math.round((amountCents * 10_000) / baseCents),
    amountCents,
    at,
  });
  return order.id;
}

describe("the annual seller report (DAC7)", () => {
  it("gives a seller with sales in two quarters every field of the directive: operator, identity, TIN and its state, IBAN, and per quarter consideration, activities, fees and taxes", async () => {
    const seller = await createPayee("bank");
    await db()
      .update(sellerDetails)
      .set({ taxIdCountry: "DE" })
      .where(eq(sellerDetails.creatorId, seller.id));
    await earn(seller.id, 1_000, new Date("2025-03-31T23:59:59Z"));
    await earn(seller.id, 1_500, new Date("2025-04-01T00:00:00Z"));
    const refunded = await sell(seller.id, 1_001, 350, new Date("2025-05-01T10:00:00Z"));
    await db().transaction((tx) =>
      reverseOrderRoyaltiesInPart(tx, {
        orderId: refunded,
        refundedCents: 50,
        totalCents: 100,
        at: new Date("2025-10-02T09:00:00Z"),
      }),
    );
    // Credited the year before: not in 2025's figures.
    await earn(seller.id, 9_999, new Date("2024-12-31T23:59:59Z"));

    const response = await report("?year=2025");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    // UTF-8's byte-order mark first, so Excel reads the names as UTF-8.
    expect([...response.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="verdeo-seller-report-2025.csv"',
    );
    expect(response.text.split("\r\n")[0]).toBe(csvRow(SELLER_REPORT_HEADER));
    const row = rowsOf(response.text).find((entry) => entry.Creator === seller.username);
    expect(row).toEqual({
      "Reporting period": reportPeriodText(2025),
      "Platform operator": config().SELLER_NAME,
      "Operator registered office": config().SELLER_ADDRESS,
      "Operator TIN": config().PLATFORM_OPERATOR_TIN ?? "",
      Creator: seller.username,
      Email: seller.email,
      "Seller kind": "individual",
      "Legal name": "Zoë Müller",
      "First name": "Zoë",
      "Last name": "Müller",
      Address: "12 Hauptstraße",
      "Postal code": "10115",
      City: "Berlin",
      "Address country": "DE",
      "Member State of residence": "DE",
      TIN: "12345678901",
      "TIN issued by": "DE",
      "Date of birth": "1990-04-01",
      "Business registration number": "",
      "VAT number": "",
      "Permanent establishment in the EU": "",
      "Payout method": "bank",
      "Financial account identifier": TEST_IBANS.DE.iban.replace(/\s/g, ""),
      "Account holder (if not the seller)": "",
      "Q1 consideration (EUR)": "10.00",
      "Q1 activities": "1",
      "Q1 fees and commissions (EUR)": "10.00",
      "Q1 taxes withheld (EUR)": "0.00",
      "Q2 consideration (EUR)": "18.50",
      "Q2 activities": "2",
      "Q2 fees and commissions (EUR)": "21.51",
      "Q2 taxes withheld (EUR)": "0.00",
      "Q3 consideration (EUR)": "0.00",
      "Q3 activities": "0",
      "Q3 fees and commissions (EUR)": "0.00",
      "Q3 taxes withheld (EUR)": "0.00",
      // Half the May sale refunded in October: its share of consideration and fee come back then.
      "Q4 consideration (EUR)": "-1.75",
      "Q4 activities": "0",
      "Q4 fees and commissions (EUR)": "-3.25",
      "Q4 taxes withheld (EUR)": "0.00",
      "Year consideration (EUR)": "26.75",
      "Year activities": "3",
      "Year fees and commissions (EUR)": "28.26",
      "Year taxes withheld (EUR)": "0.00",
      Missing: "",
    });
    expect(response.text).not.toContain("99.99");
  });

  it("names per seller what the directive asks and the details lack, and lists creators without details in the second file", async () => {
    const business = await createPayee("bank", { holder: "Lovelace Treasury Ltd", bank: "FR" });
    await db()
      .update(sellerDetails)
      .set({
        sellerKind: "business",
        dateOfBirth: null,
        companyNumber: "HE 123456",
        legalName: "Lovelace Ltd",
        firstName: null,
        lastName: null,
      })
      .where(eq(sellerDetails.creatorId, business.id));
    const lapsed = await createPayee("stripe", { seller: false });
    await earn(business.id, 2_000, new Date("2025-07-01T00:00:00Z"));
    await earn(lapsed.id, 5_000, new Date("2025-02-03T10:00:00Z"));

    const row = rowsOf((await report("?year=2025")).text).find(
      (entry) => entry.Creator === business.username,
    );
    expect(row).toMatchObject({
      "Seller kind": "business",
      "Legal name": "Lovelace Ltd",
      "First name": "",
      "Last name": "",
      "Business registration number": "HE 123456",
      "Date of birth": "",
      "TIN issued by": "",
      "Permanent establishment in the EU": "",
      "Financial account identifier": TEST_IBANS.FR.iban.replace(/\s/g, ""),
      "Account holder (if not the seller)": "Lovelace Treasury Ltd",
      "Q3 consideration (EUR)": "20.00",
      "Q3 fees and commissions (EUR)": "20.00",
      Missing: "missing: TIN issuing country; permanent establishment in the EU",
    });

    const missing = await report("?year=2025&part=missing");
    expect(missing.headers.get("Content-Disposition")).toContain(
      "verdeo-seller-report-2025-missing-details.csv",
    );
    expect(missing.text.split("\r\n")[0]).toBe(csvRow(MISSING_REPORT_HEADER));
    const lapsedRow = rowsOf(missing.text).find((entry) => entry.Creator === lapsed.username);
    expect(lapsedRow).toMatchObject({
      "Payout method": "stripe",
      "Q1 consideration (EUR)": "50.00",
      "Q1 activities": "1",
      "Q1 fees and commissions (EUR)": "50.00",
      "Year taxes withheld (EUR)": "0.00",
      Missing: "missing: seller details (DAC7)",
    });
    expect(missing.text).not.toContain(business.username);

    // Nobody was credited in 2023: a header alone.
    expect((await report("?year=2023")).text).toBe(`${csvRow(SELLER_REPORT_HEADER)}\r\n`);
    expect(
      (await listAudit({ targetType: "seller_report", targetId: "2025" })).map((entry) => entry.action),
    ).toContain("payouts.download_seller_report");
  });

  it("flags an individual saved with one legal name as missing first and last name, and splits nothing", async () => {
    const seller = await createPayee("stripe", { legalName: "Ana Maria de la Cruz", names: null });
    await db()
      .update(sellerDetails)
      .set({ taxIdCountry: "DE" })
      .where(eq(sellerDetails.creatorId, seller.id));
    await earn(seller.id, 100, new Date("2025-01-02T00:00:00Z"));
    const row = rowsOf((await report("?year=2025")).text).find((entry) => entry.Creator === seller.username);
    expect(row).toMatchObject({
      "Seller kind": "individual",
      "Legal name": "Ana Maria de la Cruz",
      "First name": "",
      "Last name": "",
      Missing: "missing: first and last name",
    });
  });

  it("keeps a formula in a seller's name as text", async () => {
    const seller = await createPayee("stripe", { legalName: '=HYPERLINK("http://x")' });
    await earn(seller.id, 100, new Date("2025-01-02T00:00:00Z"));
    expect((await report("?year=2025")).text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it("takes a year from 2020 to this year only, and answers 404 to anyone without the permission", async () => {
    const message = reportYearText(new Date());
    const thisYear = new Date().getUTCFullYear();
    for (const year of ["2019", String(thisYear + 1), "abc", "", "2025.5", "99999999999"]) {
      expect(await report(`?year=${year}`)).toMatchObject({ status: 400, text: message });
    }
    expect((await report(`?year=${thisYear}`)).status).toBe(200);
    const creator = await signedIn("creator");
    await expect(report("?year=2025", creator.cookie)).rejects.toMatchObject({ init: { status: 404 } });
  });
});
