import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { insertRoyaltyLine } from "./ledger.queries.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RoyaltyCredit {
  creatorId: string;
  licenseId: string;
  orderId: string;
  clipId: number;
  clipTitle: string;
  planName: string;
  baseCents: number;
  rateBps: number;
  amountCents: number;
  at: Date;
}

/**
 * Credits a license's royalty to its creator, inside the license's own transaction. The line is
 * pending for the refund window, then available; a second credit of one license is ignored.
 */
export async function creditRoyalty(tx: Executor, credit: RoyaltyCredit, settings = config()) {
  const { at, ...line } = credit;
  await insertRoyaltyLine(tx, {
    ...line,
    kind: "royalty",
    createdAt: at,
    availableAt: new Date(at.getTime() + settings.PAYOUT_REFUND_WINDOW_DAYS * DAY_MS),
  });
}
