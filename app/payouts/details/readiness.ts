import type { ConnectStatus, PayoutMethod } from "../runs/payouts";

/** What must be in place before a creator can be paid, as the studio and the staff run name it. */
export const MISSING_LABELS = {
  method: "Choose how to be paid: Stripe or bank transfer",
  stripe_onboarding: "Finish setting up your Stripe account",
  stripe_restricted: "Stripe needs more details before it can pay you",
  bank_details: "Enter your bank details",
  seller_details: "Complete your seller details for tax reporting",
} as const;
export type MissingItem = keyof typeof MISSING_LABELS;

/** Without Stripe configured bank transfer is the only way to be paid: there is nothing to choose. */
const BANK_ONLY_METHOD_LABEL = "Enter your bank details for payouts";

/** A missing item as a creator reads it: it offers Stripe only where Stripe is configured. */
export function missingLabel(item: MissingItem, stripeAvailable: boolean): string {
  return item === "method" && !stripeAvailable ? BANK_ONLY_METHOD_LABEL : MISSING_LABELS[item];
}

/** The same in the studio's catalogue (payouts namespace), for the creator's pages. */
const MISSING_KEYS: Record<MissingItem, string> = {
  method: "payouts.missing.method",
  stripe_onboarding: "payouts.missing.stripeOnboarding",
  stripe_restricted: "payouts.missing.stripeRestricted",
  bank_details: "payouts.missing.bankDetails",
  seller_details: "payouts.missing.sellerDetails",
};

/** A missing item's catalogue key, as missingLabel words it. */
export function missingKey(item: MissingItem, stripeAvailable: boolean): string {
  return item === "method" && !stripeAvailable ? "payouts.missing.methodBankOnly" : MISSING_KEYS[item];
}

export interface ReadinessInput {
  account: {
    method: PayoutMethod;
    stripeAccountId: string | null;
    stripeStatus: ConnectStatus | null;
    bankIbanSealed: string | null;
    bankHolder: string | null;
    bankBic: string | null;
  } | null;
  /** The seller details row exists only once complete (its columns are required). */
  hasSellerDetails: boolean;
}

/** What is missing before payouts, in the order a creator should fix it; empty means ready. */
export function missingForPayout({ account, hasSellerDetails }: ReadinessInput): MissingItem[] {
  const missing: MissingItem[] = [];
  if (!account) missing.push("method");
  else if (account.method === "stripe") {
    if (!account.stripeAccountId || account.stripeStatus === "details_needed" || !account.stripeStatus)
      missing.push("stripe_onboarding");
    else if (account.stripeStatus === "restricted") missing.push("stripe_restricted");
  } else if (!account.bankIbanSealed || !account.bankHolder || !account.bankBic) missing.push("bank_details");
  if (!hasSellerDetails) missing.push("seller_details");
  return missing;
}
