import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approveRun, markBankPayoutsSent, proposeRun } from "~/payouts/runs/payout-runs.server";
import { sellerDetails } from "~/payouts/schema.server";
import { reportYearText } from "~/payouts/statements/seller-report";
import { MISSING_REPORT_HEADER, SELLER_REPORT_HEADER } from "~/payouts/statements/seller-report.server";
import { listAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { csvRow } from "~/platform/text/csv";
import { loader as reportLoader } from "~/staff/routes/payout-report";
import { getPage } from "../factories/commerce";
import { createPayee, daysBefore, earn } from "../factories/payout-runs";
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
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Proposes, approves and marks sent the bank payouts of `period`, sent at `sentAt`. */
async function payBankRun(period: string, sentAt: Date) {
  const actor = { kind: "staff", userId: staff.id } as const;
  const proposed = await proposeRun(period, new Date(), actor);
  if (!proposed.ok) throw new Error(proposed.reason);
  const runId = proposed.value.run.id;
  await approveRun({ runId, actor });
  const sent = await markBankPayoutsSent({ runId, actor, now: sentAt });
  if (!sent.ok) throw new Error(sent.reason);
}

describe("the annual seller report (DAC7)", () => {
  it("lists a creator paid in two quarters with their DAC7 fields, amounts per quarter and licenses paid; a formula in a name stays text", async () => {
    const seller = await createPayee("bank", { legalName: '=HYPERLINK("http://x")' });
    const lapsed = await createPayee("bank");
    const now = new Date();
    await earn(seller.id, 3_000, daysBefore(now, 40));
    await earn(seller.id, 3_050, daysBefore(now, 40));
    await earn(lapsed.id, 5_000, daysBefore(now, 40));
    await payBankRun("2025-01", new Date("2025-02-03T10:00:00Z"));
    await earn(seller.id, 7_000, daysBefore(now, 40));
    await payBankRun("2025-04", new Date("2025-05-05T10:00:00Z"));
    // Paid, then the details went away (a deleted row): listed in the second file to chase.
    await db().delete(sellerDetails).where(eq(sellerDetails.creatorId, lapsed.id));

    const sellers = await report("?year=2025");
    expect(sellers.status).toBe(200);
    expect(sellers.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(sellers.headers.get("Content-Disposition")).toBe(
      'attachment; filename="verdeo-seller-report-2025.csv"',
    );
    const lines = sellers.text.split("\r\n");
    expect(lines[0]).toBe(csvRow(SELLER_REPORT_HEADER));
    expect(lines).toContain(
      [
        seller.username,
        seller.email,
        `"'=HYPERLINK(""http://x"")"`,
        "individual",
        "12 Hauptstraße",
        "10115",
        "Berlin",
        "DE",
        "1990-04-01",
        "",
        "12345678901",
        "DE",
        "",
        "bank",
        "60.50",
        "70.00",
        "0.00",
        "0.00",
        "130.50",
        "3",
      ].join(","),
    );
    expect(sellers.text).not.toContain(lapsed.id);

    const missing = await report("?year=2025&part=missing");
    expect(missing.headers.get("Content-Disposition")).toContain(
      "verdeo-seller-report-2025-missing-details.csv",
    );
    expect(missing.text.split("\r\n")).toEqual([
      csvRow(MISSING_REPORT_HEADER),
      [
        lapsed.username,
        lapsed.email,
        "bank",
        "50.00",
        "0.00",
        "0.00",
        "0.00",
        "50.00",
        "1",
        "Seller details (DAC7)",
      ].join(","),
      "",
    ]);

    // Nobody was paid in 2024: a header alone.
    expect((await report("?year=2024")).text).toBe(`${csvRow(SELLER_REPORT_HEADER)}\r\n`);
    expect(
      (await listAudit({ targetType: "seller_report", targetId: "2025" })).map((entry) => entry.action),
    ).toEqual(["payouts.download_seller_report", "payouts.download_seller_report"]);
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
