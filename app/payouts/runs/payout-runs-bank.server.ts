import { namePeople } from "~/accounts/people/people.server";
import { recordAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { csvDocument } from "~/platform/text/csv";
import { open } from "../details/sealed.server";
import { buildPain001, compactIban, eurosText } from "./pain001.server";
import { findRunSummary, listBankPayoutsToSend } from "./payout-runs.queries.server";
import { type PayoutActor, payoutActorId } from "./payout-runs-sent.server";

export type BankFileKind = "pain001" | "csv";

export type BankFileResult =
  | { ok: true; value: { filename: string; contentType: string; body: string } }
  | { ok: false; reason: "not_found" | "not_approved" | "no_bank_payouts" }
  /** Creators (email, else username) whose bank details are missing or cannot be read. */
  | { ok: false; reason: "details_missing"; creators: string[] };

/** The end-to-end id a payout travels under: its id without dashes (SEPA allows 35 characters). */
export const endToEndIdOf = (payoutId: string) => payoutId.replace(/-/g, "");

/**
 * The bank file of a run's bank payouts still to send: the pain.001 to upload, or the same transfers
 * as CSV for a bank that takes a spreadsheet. Each download is audited (the file holds IBANs).
 */
export async function bankFileOf(input: {
  runId: string;
  kind: BankFileKind;
  actor: PayoutActor;
  now?: Date;
}): Promise<BankFileResult> {
  const now = input.now ?? new Date();
  const run = await findRunSummary(input.runId);
  if (!run) return { ok: false, reason: "not_found" };
  if (run.status === "proposed") return { ok: false, reason: "not_approved" };
  const { transfers, unreadable } = await bankPayoutsOf(run.id);
  if (transfers.length === 0 && unreadable.length === 0) return { ok: false, reason: "no_bank_payouts" };
  if (unreadable.length > 0) return { ok: false, reason: "details_missing", creators: unreadable };

  const settings = config();
  const messageId = `VERDEO${run.period.replace("-", "")}${run.id.replace(/-/g, "").slice(0, 20)}`;
  const remittance = `Verdeo royalties ${run.period}`;
  const body =
    input.kind === "pain001"
      ? buildPain001({
          messageId,
          createdAt: now,
          executionDate: now.toISOString().slice(0, 10),
          debtor: { name: settings.SELLER_NAME, iban: settings.SELLER_IBAN, bic: settings.SELLER_BIC },
          remittance,
          transfers,
        })
      : csvDocument(
          ["End-to-end id", "Account holder", "IBAN", "BIC", "Amount", "Currency", "Reference"],
          transfers.map((transfer) => [
            transfer.endToEndId,
            transfer.creditor.name,
            compactIban(transfer.creditor.iban),
            transfer.creditor.bic ?? "",
            eurosText(transfer.amountCents),
            "EUR",
            remittance,
          ]),
        );
  await recordAudit(db(), {
    actorId: payoutActorId(input.actor),
    action: "payout_run.download_bank_file",
    targetType: "payout_run",
    targetId: run.id,
    after: { file: input.kind, payouts: transfers.length },
  });
  const name = `verdeo-payouts-${run.period}`;
  return {
    ok: true,
    value:
      input.kind === "pain001"
        ? { filename: `${name}.pain001.xml`, contentType: "application/xml; charset=utf-8", body }
        : { filename: `${name}-bank.csv`, contentType: "text/csv; charset=utf-8", body },
  };
}

/** A run's bank payouts to send, with their creditors; `unreadable` names creators whose account cannot be read. */
async function bankPayoutsOf(runId: string) {
  const transfers = [];
  const unreadableIds: string[] = [];
  for (const row of await listBankPayoutsToSend(runId)) {
    const iban = readIban(row.bankIbanSealed, row.creatorId);
    if (!iban || !row.bankHolder) {
      unreadableIds.push(row.creatorId);
      continue;
    }
    transfers.push({
      payoutId: row.id,
      endToEndId: endToEndIdOf(row.id),
      amountCents: row.amountCents,
      creditor: { name: row.bankHolder, iban, bic: row.bankBic },
    });
  }
  const people = unreadableIds.length > 0 ? await namePeople(unreadableIds) : new Map();
  return { transfers, unreadable: unreadableIds.map((id) => people.get(id)?.name ?? id) };
}

/** The creators (email, else username) of a run whose bank payout cannot go in the file: shown before downloading. */
export async function unreadableBankAccounts(runId: string): Promise<string[]> {
  return (await bankPayoutsOf(runId)).unreadable;
}

/** The creator's IBAN, or null when it was sealed with a key this server no longer has. */
function readIban(sealed: string | null, creatorId: string) {
  if (!sealed) return null;
  try {
    return open(sealed, creatorId);
  } catch {
    return null;
  }
}
