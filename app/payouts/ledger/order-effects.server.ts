import type { Executor } from "~/platform/db/client.server";
import { restoreOrderRoyalties, reverseOrderRoyalties, reverseOrderRoyaltiesInPart } from "./ledger.server";

/**
 * What an order's change means for the creators' royalties, run by commerce inside the order's
 * own transaction (registered in app/jobs.server.ts, docs/decisions/0022): money that goes back to
 * the buyer (a refund, a cancel after payment, a dispute, a part refund) takes the order's
 * royalties back in the ledger; a won dispute gives them back. Lines are never edited, only
 * reversed or restored by new lines. Typed by what it reads of an order, so payouts needs nothing
 * of commerce's here; app/jobs.server.ts checks it against commerce's OrderEffectsPart.
 */
interface OrderFigures {
  id: string;
  refundedCents: number;
  totalCents: number;
}

export const payoutsOrderEffects = {
  async closed(tx: Executor, order: OrderFigures, at: Date) {
    const ledger = await reverseOrderRoyalties(tx, order.id, at);
    return { royaltiesReversedCents: ledger.reversedCents };
  },
  async suspended(tx: Executor, order: OrderFigures, at: Date | null, eventAt: Date) {
    if (at) return { royaltiesReversedCents: (await reverseOrderRoyalties(tx, order.id, at)).reversedCents };
    return {
      royaltiesRestoredCents: (await restoreOrderRoyalties(tx, order.id, eventAt, order)).restoredCents,
    };
  },
  async partRefunded(tx: Executor, order: OrderFigures, at: Date) {
    const ledger = await reverseOrderRoyaltiesInPart(tx, {
      orderId: order.id,
      refundedCents: order.refundedCents,
      totalCents: order.totalCents,
      at,
    });
    return { royaltiesReversedCents: ledger.reversedCents };
  },
};
