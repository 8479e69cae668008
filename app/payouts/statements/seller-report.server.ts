import { namePeople } from "~/accounts/people/people.server";
import { recordAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { csvDocument } from "~/platform/text/csv";
import type { PayoutAccount, SellerDetails } from "../details/payout-details.queries.server";
import { openBankAccount } from "../details/payout-details.server";
import { SealedTextError } from "../details/sealed.server";
import { eurosText } from "../runs/pain001.server";
import { type PayoutActor, payoutActorId } from "../runs/payout-runs-sent.server";
import { type QuarterFigures, quarterFigures, yearFigures } from "./seller-quarters";
import { type ReportPart, reportPeriodText } from "./seller-report";
import { findSellersOf, listLedgerLinesIn } from "./seller-report.queries.server";

/**
 * The annual seller report an EU platform files (DAC7, Directive (EU) 2021/514, Annex V III B):
 * each creator credited in the year with the operator heading every row, the seller's identity
 * (an individual's first and last name apart, beside the legal name every other paper prints),
 * address, tax numbers, the account paid into, and per quarter the consideration, the number of
 * activities and the fees and taxes the platform kept (seller-quarters.ts says how they are
 * computed). What the directive asks and the details lack is named in "Missing", never made up.
 * A second file lists the creators credited whose seller details are missing altogether.
 */
const QUARTER_COLUMNS = [1, 2, 3, 4].flatMap((quarter) => [
  `Q${quarter} consideration (EUR)`,
  `Q${quarter} activities`,
  `Q${quarter} fees and commissions (EUR)`,
  `Q${quarter} taxes withheld (EUR)`,
]);
const YEAR_COLUMNS = [
  "Year consideration (EUR)",
  "Year activities",
  "Year fees and commissions (EUR)",
  "Year taxes withheld (EUR)",
];

export const SELLER_REPORT_HEADER = [
  "Reporting period",
  "Platform operator",
  "Operator registered office",
  "Operator TIN",
  "Creator",
  "Email",
  "Seller kind",
  "Legal name",
  "First name",
  "Last name",
  "Address",
  "Postal code",
  "City",
  "Address country",
  "Member State of residence",
  "TIN",
  "TIN issued by",
  "Date of birth",
  "Business registration number",
  "VAT number",
  "Permanent establishment in the EU",
  "Payout method",
  "Financial account identifier",
  "Account holder (if not the seller)",
  ...QUARTER_COLUMNS,
  ...YEAR_COLUMNS,
  "Missing",
] as const;

export const MISSING_REPORT_HEADER = [
  "Creator",
  "Email",
  "Payout method",
  ...QUARTER_COLUMNS,
  ...YEAR_COLUMNS,
  "Missing",
] as const;

/** The operator heading the report: name and registered office of the invoices, and its TIN. */
export function reportOperator() {
  const settings = config();
  return {
    name: settings.SELLER_NAME,
    office: settings.SELLER_ADDRESS,
    tin: settings.PLATFORM_OPERATOR_TIN ?? null,
  };
}

/** Cents as euros with a sign: a quarter's refunds may pass its sales. */
const signedEuros = (cents: number) => (cents < 0 ? `-${eurosText(-cents)}` : eurosText(cents));

const figureCells = (figures: QuarterFigures) => [
  signedEuros(figures.considerationCents),
  figures.activities,
  signedEuros(figures.feesCents),
  signedEuros(figures.taxesCents),
];

/** Names compared as a person reads them: case, accents' encoding and spacing aside. */
const sameName = (a: string, b: string) => {
  const plain = (name: string) => name.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();
  return plain(a) === plain(b);
};

/** The account consideration is paid into: the IBAN where the operator holds it (bank transfer). */
function financialAccount(account: PayoutAccount | undefined, seller: SellerDetails) {
  if (!account) return { iban: "", holder: "", missing: "financial account (no payout method)" };
  // Stripe holds a Connect seller's bank account: the directive asks for it only where available.
  if (account.method === "stripe") return { iban: "", holder: "", missing: null };
  try {
    const bank = openBankAccount(account);
    return {
      iban: bank.iban,
      holder: sameName(bank.holder, seller.legalName) ? "" : bank.holder,
      missing: null,
    };
  } catch (error) {
    if (error instanceof SealedTextError)
      return { iban: "", holder: "", missing: "financial account identifier (saved IBAN unreadable)" };
    return { iban: "", holder: "", missing: "financial account identifier" };
  }
}

function sellerCells(seller: SellerDetails, account: PayoutAccount | undefined) {
  const paidInto = financialAccount(account, seller);
  const individual = seller.sellerKind === "individual";
  const missing = [
    // Saved as one legal name before they were asked: a split of it could be wrong, so none is made.
    individual && (!seller.firstName || !seller.lastName) ? "first and last name" : null,
    seller.taxIdCountry ? null : "TIN issuing country",
    seller.sellerKind === "business" && !seller.permanentEstablishment
      ? "permanent establishment in the EU"
      : null,
    paidInto.missing,
  ].filter((item): item is string => item !== null);
  const establishment =
    seller.sellerKind !== "business"
      ? ""
      : seller.permanentEstablishment === "none"
        ? "None"
        : (seller.permanentEstablishment ?? "");
  const cells = [
    seller.sellerKind,
    seller.legalName,
    individual ? (seller.firstName ?? "") : "",
    individual ? (seller.lastName ?? "") : "",
    seller.addressLine,
    seller.postalCode,
    seller.city,
    seller.country,
    seller.taxCountry,
    seller.taxId,
    seller.taxIdCountry ?? "",
    seller.dateOfBirth ?? "",
    seller.companyNumber ?? "",
    seller.vatNumber ?? "",
    establishment,
    account?.method ?? "",
    paidInto.iban,
    paidInto.holder,
  ];
  return { cells, missing };
}

export async function sellerReport(input: { year: number; part: ReportPart; actor: PayoutActor }) {
  const lines = await listLedgerLinesIn(input.year);
  const ids = [...lines.keys()];
  const [people, { sellers, accounts }] = await Promise.all([namePeople(ids), findSellersOf(ids)]);
  const wanted = ids.filter((id) => (input.part === "sellers") === sellers.has(id));
  const creatorOf = (id: string) => {
    const person = people.get(id);
    return [person?.username ?? id, person?.email ?? ""];
  };
  const figuresOf = (id: string) => {
    const quarters = quarterFigures(lines.get(id) ?? []);
    return [...quarters.flatMap(figureCells), ...figureCells(yearFigures(quarters))];
  };
  const operator = reportOperator();
  const body =
    input.part === "sellers"
      ? csvDocument(
          SELLER_REPORT_HEADER,
          wanted.map((id) => {
            const seller = sellerCells(sellers.get(id)!, accounts.get(id));
            return [
              reportPeriodText(input.year),
              operator.name,
              operator.office,
              operator.tin ?? "",
              ...creatorOf(id),
              ...seller.cells,
              ...figuresOf(id),
              seller.missing.length ? `missing: ${seller.missing.join("; ")}` : "",
            ];
          }),
        )
      : csvDocument(
          MISSING_REPORT_HEADER,
          wanted.map((id) => [
            ...creatorOf(id),
            accounts.get(id)?.method ?? "",
            ...figuresOf(id),
            "missing: seller details (DAC7)",
          ]),
        );
  await recordAudit(db(), {
    actorId: payoutActorId(input.actor),
    action: "payouts.download_seller_report",
    targetType: "seller_report",
    targetId: String(input.year),
    after: { part: input.part, creators: wanted.length },
  });
  const filename =
    input.part === "sellers"
      ? `verdeo-seller-report-${input.year}.csv`
      : `verdeo-seller-report-${input.year}-missing-details.csv`;
  return { filename, body, creators: wanted.length };
}
