import { countryName } from "~/payments/countries";
import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { checkBic } from "./bank-account";
import type { BankDetailsInput, SellerDetailsInput } from "./payout-details";
import {
  findPayoutAccount,
  findSellerDetails,
  lockPayoutAccount,
  lockSellerDetails,
  type PayoutAccount,
  type SellerDetails,
  saveBankAccount,
  saveSellerDetails,
} from "./payout-details.queries.server";
import { stripePayoutsEnabled } from "./payout-details-stripe.server";
import { missingForPayout, missingKey, missingLabel } from "./readiness";
import { open, SealedTextError, seal, sealedWithCurrentKey } from "./sealed.server";

/** What /studio/payouts shows: the method, Stripe's status, the bank account (last 4 only), the seller. */
export async function payoutDetailsPage(creatorId: string) {
  const [account, seller] = await Promise.all([findPayoutAccount(creatorId), findSellerDetails(creatorId)]);
  const missing = missingForPayout({ account, hasSellerDetails: !!seller });
  // The same items and texts as payoutReadinessItems, from the rows already read.
  const stripeAvailable = stripePayoutsEnabled();
  return {
    stripeAvailable,
    method: account?.method ?? null,
    stripe: account?.stripeAccountId ? { status: account.stripeStatus ?? "details_needed" } : null,
    bank: bankView(account),
    seller: seller ? sellerView(seller) : null,
    missing: missing.map((item) => ({
      item,
      label: missingLabel(item, stripeAvailable),
      key: missingKey(item, stripeAvailable),
    })),
  };
}

function bankView(account: PayoutAccount | null) {
  if (!account?.bankIbanSealed || !account.bankHolder || !account.bankBic) return null;
  return {
    holder: account.bankHolder,
    ibanLast4: account.bankIbanLast4 ?? "",
    bic: account.bankBic,
    savedAt: account.updatedAt.toISOString(),
  };
}

function sellerView(seller: SellerDetails) {
  return {
    sellerKind: seller.sellerKind,
    legalName: seller.legalName,
    // Saved before they were asked: empty, for the creator to give (a split of the legal name could be wrong).
    firstName: seller.firstName ?? "",
    lastName: seller.lastName ?? "",
    addressLine: seller.addressLine,
    postalCode: seller.postalCode,
    city: seller.city,
    country: seller.country,
    countryName: countryName(seller.country),
    dateOfBirth: seller.dateOfBirth ?? "",
    companyNumber: seller.companyNumber ?? "",
    taxId: seller.taxId,
    taxCountry: seller.taxCountry,
    taxIdCountry: seller.taxIdCountry ?? "",
    vatNumber: seller.vatNumber ?? "",
    permanentEstablishment: seller.permanentEstablishment ?? "",
    savedAt: seller.updatedAt.toISOString(),
  };
}

export type SaveBankResult =
  | Result<{ ibanLast4: string }, "iban_required" | "iban_unreadable">
  | { ok: false; reason: "bic_country"; message: string };

/**
 * Bank transfer becomes the creator's method. A new IBAN is sealed with the current key; left empty,
 * the saved one is kept, opened and sealed again with the current key (a rotation moves forward with
 * each save). The audit entry holds the holder, the last 4 digits and the BIC, never the IBAN.
 */
export async function saveBankDetails(creatorId: string, input: BankDetailsInput): Promise<SaveBankResult> {
  return db().transaction(async (tx) => {
    const before = await lockPayoutAccount(tx, creatorId);
    let iban = input.iban;
    if (!iban) {
      if (!before?.bankIbanSealed) return fail("iban_required");
      try {
        iban = open(before.bankIbanSealed, creatorId);
      } catch (error) {
        if (!(error instanceof SealedTextError)) throw error;
        logger.warn({ creatorId, reason: error.message }, "a saved IBAN could not be opened");
        return fail("iban_unreadable");
      }
      // The kept IBAN's country decides which BICs fit, as a new IBAN's does in the schema.
      const bic = checkBic(input.bic, iban.slice(0, 2));
      if (!bic.ok) return { ok: false, reason: "bic_country", message: bic.message };
    }
    const ibanLast4 = iban.slice(-4);
    const after = await saveBankAccount(tx, creatorId, {
      holder: input.holder,
      ibanSealed: seal(iban, creatorId),
      ibanLast4,
      bic: input.bic,
    });
    const view = (row: PayoutAccount | null) => (row ? { method: row.method, ...bankView(row) } : null);
    await recordAudit(tx, {
      actorId: creatorId,
      action: "payout_account.save_bank",
      targetType: "payout_account",
      targetId: creatorId,
      before: view(before),
      after: {
        ...view(after),
        resealed: before?.bankIbanSealed ? !sealedWithCurrentKey(before.bankIbanSealed) : false,
      },
    });
    return ok({ ibanLast4 });
  });
}

/**
 * The DAC7 seller details, whole. The audit entry names the fields that changed, not their values:
 * tax numbers and dates of birth stay in one table, not copied into the log.
 */
export async function saveSellerDetailsOf(creatorId: string, input: SellerDetailsInput) {
  await db().transaction(async (tx) => {
    const before = await lockSellerDetails(tx, creatorId);
    await saveSellerDetails(tx, creatorId, input);
    const changed = (Object.keys(input) as (keyof SellerDetailsInput)[]).filter(
      (key) => !before || before[key] !== input[key],
    );
    if (before && changed.length === 0) return;
    await recordAudit(tx, {
      actorId: creatorId,
      action: before ? "seller_details.update" : "seller_details.create",
      targetType: "seller_details",
      targetId: creatorId,
      after: { changed },
    });
  });
}

/**
 * A bank payout account with its IBAN opened, for the bank file of a run (never for a page).
 * Throws SealedTextError when the IBAN was sealed with a key this server no longer has.
 */
export function openBankAccount(account: PayoutAccount) {
  if (account.method !== "bank" || !account.bankIbanSealed || !account.bankHolder || !account.bankBic)
    throw new Error(`creator ${account.creatorId} has no complete bank account`);
  return {
    holder: account.bankHolder,
    iban: open(account.bankIbanSealed, account.creatorId),
    bic: account.bankBic,
  };
}
