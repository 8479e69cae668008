/**
 * Payouts' vocabulary and terms, safe for the browser: how a creator is paid, where a royalty line
 * and a payout stand. Limits and texts of the payout pages live beside their own modules.
 */
export const PAYOUT_METHODS = ["stripe", "bank"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** A Stripe Connect Express account's state, as `account.updated` reports it. */
export const CONNECT_STATUSES = ["details_needed", "enabled", "restricted"] as const;
export type ConnectStatus = (typeof CONNECT_STATUSES)[number];

export const SELLER_KINDS = ["individual", "business"] as const;
export type SellerKind = (typeof SELLER_KINDS)[number];

/**
 * A royalty line's kind: earned by a license, taken back by a refund or dispute (a negative entry
 * that names the line it reverses), or given back when a dispute is won. Lines are never edited.
 */
export const ROYALTY_LINE_KINDS = ["royalty", "reversal", "restoration"] as const;
export type RoyaltyLineKind = (typeof ROYALTY_LINE_KINDS)[number];

/** proposed (staff review it) → approved (payouts go out) → completed (every payout sent). */
export const PAYOUT_RUN_STATUSES = ["proposed", "approved", "completed"] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];

/**
 * One creator's payout in a run: waiting for approval, being transferred (Connect) or waiting for
 * the bank file to be sent (bank), failed (retried), or sent, which makes its lines paid.
 */
export const PAYOUT_STATUSES = ["proposed", "approved", "failed", "sent"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
