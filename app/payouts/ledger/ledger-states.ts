import type { PayoutStatus } from "../runs/payouts";

/**
 * Where a ledger line stands, derived, never stored: pending in the refund window, available once
 * out of it, on the way in a payout not sent yet, paid in a sent one.
 */
export const LINE_STATES = ["pending", "available", "on_the_way", "paid"] as const;
export type LineState = (typeof LINE_STATES)[number];

export const LINE_STATE_LABELS: Record<LineState, string> = {
  pending: "Pending",
  available: "Available",
  on_the_way: "On the way",
  paid: "Paid",
};

export function lineState(
  line: { availableAt: Date; payoutId: string | null },
  payoutStatus: PayoutStatus | null,
  now: Date,
): LineState {
  if (line.payoutId) return payoutStatus === "sent" ? "paid" : "on_the_way";
  return line.availableAt > now ? "pending" : "available";
}
