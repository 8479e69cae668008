import { findPayoutAccount, findPayoutDetailsOf, findSellerDetails } from "./payout-details.queries.server";
import { stripePayoutsEnabled } from "./payout-details-stripe.server";
import { type MissingItem, missingForPayout, missingKey, missingLabel } from "./readiness";

/** What a creator must still do before being paid (empty: ready). */
export async function payoutReadiness(creatorId: string): Promise<MissingItem[]> {
  const [account, seller] = await Promise.all([findPayoutAccount(creatorId), findSellerDetails(creatorId)]);
  return missingForPayout({ account, hasSellerDetails: !!seller });
}

/** The same for many creators at once, keyed by creator id. */
export async function payoutReadinessOf(creatorIds: string[]): Promise<Map<string, MissingItem[]>> {
  const { accounts, sellers } = await findPayoutDetailsOf(creatorIds);
  const accountOf = new Map(accounts.map((account) => [account.creatorId, account]));
  const withSeller = new Set(sellers.map((seller) => seller.creatorId));
  return new Map(
    creatorIds.map((id) => [
      id,
      missingForPayout({ account: accountOf.get(id) ?? null, hasSellerDetails: withSeller.has(id) }),
    ]),
  );
}

/** The same with the texts to show, for the readiness panel (studio earnings and payout details). */
export async function payoutReadinessItems(creatorId: string) {
  const stripe = stripePayoutsEnabled();
  return (await payoutReadiness(creatorId)).map((item) => ({
    item,
    label: missingLabel(item, stripe),
    key: missingKey(item, stripe),
  }));
}
