import { namePeople } from "~/accounts/people/people.server";
import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { csvDocument } from "~/platform/text/csv";
import { eurosText } from "../runs/pain001.server";
import { type PayoutActor, payoutActorId } from "../runs/payout-runs-sent.server";
import type { ReportPart } from "./seller-report";
import { listCreatorsPaidIn } from "./seller-report.queries.server";

/**
 * The annual seller report an EU platform files (DAC7): each creator paid in the year with their
 * identity, address, tax residence and numbers, how they were paid, the amount paid per quarter and
 * the number of licenses paid. A second file lists the creators paid whose seller details are
 * missing, to be chased before filing. Quarters follow the date a payout was sent (UTC).
 */
export const SELLER_REPORT_HEADER = [
  "Creator",
  "Email",
  "Legal name",
  "Seller kind",
  "Address",
  "Postal code",
  "City",
  "Country",
  "Date of birth",
  "Company number",
  "TIN",
  "Tax country",
  "VAT number",
  "Payout method",
  "Paid Q1 (EUR)",
  "Paid Q2 (EUR)",
  "Paid Q3 (EUR)",
  "Paid Q4 (EUR)",
  "Paid in year (EUR)",
  "Licenses paid",
] as const;

export const MISSING_REPORT_HEADER = [
  "Creator",
  "Email",
  "Payout method",
  "Paid Q1 (EUR)",
  "Paid Q2 (EUR)",
  "Paid Q3 (EUR)",
  "Paid Q4 (EUR)",
  "Paid in year (EUR)",
  "Licenses paid",
  "Missing",
] as const;

export async function sellerReport(input: { year: number; part: ReportPart; actor: PayoutActor }) {
  const paid = await listCreatorsPaidIn(input.year);
  const people = await namePeople(paid.map((row) => row.creatorId));
  const rows = paid.filter((row) => (input.part === "sellers") === (row.seller !== null));
  const creatorOf = (id: string) => {
    const person = people.get(id);
    return [person?.username ?? id, person?.email ?? ""];
  };
  const amounts = (row: (typeof paid)[number]) => {
    const quarters = [row.q1Cents, row.q2Cents, row.q3Cents, row.q4Cents];
    return [...quarters.map(eurosText), eurosText(quarters.reduce((sum, cents) => sum + cents, 0))];
  };
  const body =
    input.part === "sellers"
      ? csvDocument(
          SELLER_REPORT_HEADER,
          rows.map((row) => {
            const seller = row.seller!;
            return [
              ...creatorOf(row.creatorId),
              seller.legalName,
              seller.sellerKind,
              seller.addressLine,
              seller.postalCode,
              seller.city,
              seller.country,
              seller.dateOfBirth ?? "",
              seller.companyNumber ?? "",
              seller.taxId,
              seller.taxCountry,
              seller.vatNumber ?? "",
              row.methods,
              ...amounts(row),
              row.licenses,
            ];
          }),
        )
      : csvDocument(
          MISSING_REPORT_HEADER,
          rows.map((row) => [
            ...creatorOf(row.creatorId),
            row.methods,
            ...amounts(row),
            row.licenses,
            "Seller details (DAC7)",
          ]),
        );
  await recordAudit(db(), {
    actorId: payoutActorId(input.actor),
    action: "payouts.download_seller_report",
    targetType: "seller_report",
    targetId: String(input.year),
    after: { part: input.part, creators: rows.length },
  });
  const filename =
    input.part === "sellers"
      ? `verdeo-seller-report-${input.year}.csv`
      : `verdeo-seller-report-${input.year}-missing-details.csv`;
  return { filename, body, creators: rows.length };
}
