import { isStripePayment, STRIPE_REFERENCE_PREFIX } from "~/payments/payment-reference";
import { refundStripePayment, type StripeRefundFailure } from "~/payments/stripe-client.server";
import { recordAudit } from "~/platform/audit.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { allocateCreditNote } from "../billing/invoice.queries.server";
import { setOrderSyncFields } from "../billing/subscription.queries.server";
import { lockOrder, type Order } from "./order.queries.server";
import { actorId, type OrderActor } from "./order-actor";
import { orderEffects } from "./order-effects.server";
import { queueOrderMail } from "./order-lifecycle.server";

/*
 * Money that goes back while an order stays as it is (docs/decisions/0024): part of a paid order,
 * refunded in Stripe's Dashboard or by the team with a reason, each with its own credit note; and
 * a card payment that reached an order already cancelled, refunded in full. One transaction each,
 * with the order row locked, the audit entry and the buyer's mail. Closing a paid order (the whole
 * rest goes back) is order-lifecycle.server.ts's refund.
 */

const STRIPE_ACTOR: OrderActor = { kind: "system", name: "stripe" };

// ---------------------------------------------------------------- Stripe Dashboard: a part refund

/**
 * A part of a card payment refunded in Stripe (charge.refunded below the total): the order stays
 * paid with its downloads, the refunded amount is recorded with a credit note for this refund's
 * part, the buyer is mailed and the creators' royalties are reversed in proportion (the order effects). Amounts only grow, so two part refunds delivered out of order
 * end at the larger. Idempotent by the event id.
 */
export async function recordPartialRefund(input: {
  orderId: string;
  refundedCents: number;
  eventId: string;
  /** When Stripe refunded (the event's time); now by default. */
  at?: Date;
  /** The caller's transaction (the Stripe webhook intake's, which claimed the event id). */
  tx?: Transaction;
}): Promise<{ changed: boolean }> {
  return (input.tx ?? db()).transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (!before) return { changed: false };
    const refundedCents = Math.min(before.totalCents, input.refundedCents);
    if (before.status !== "paid" || refundedCents <= before.refundedCents) return { changed: false };
    const order = await setOrderSyncFields(tx, before.id, { refundedCents });
    const at = input.at ?? new Date();
    // This refund's own credit note, for exactly what it gave back (docs/decisions/0024).
    const creditNote = await allocateCreditNote(tx, before, refundedCents - before.refundedCents, at);
    const effect = await orderEffects().partRefunded(tx, { ...before, refundedCents }, at);
    await recordAudit(tx, {
      actorId: actorId(STRIPE_ACTOR),
      action: "order.partial_refund",
      targetType: "order",
      targetId: before.id,
      before: { status: before.status, refundedCents: before.refundedCents },
      after: {
        status: before.status,
        refundedCents,
        creditNoteNumber: creditNote.number,
        stripeEventId: input.eventId,
        ...effect,
      },
    });
    await queueOrderMail(tx, order, "part_refunded", {
      amountCents: creditNote.amountCents,
      creditNoteNumber: creditNote.number,
    });
    return { changed: true };
  });
}

// ---------------------------------------------------------------- the team: a part refund with its reason

export type PartRefundResult =
  | { ok: true; value: { order: Order; creditNoteNumber: number } }
  | {
      ok: false;
      reason: "not_found" | "invalid_transition" | "already_changed" | "too_much" | StripeRefundFailure;
    };

/**
 * The team gives back part of a paid order, with the reason its credit note states (docs/decisions/
 * 0024): a card payment through Stripe, a bank transfer by the team. The order stays paid with its
 * downloads; the refunded amount grows, the creators' royalties are reversed in proportion and the
 * buyer is mailed. `expectedRefundedCents` is what the staff member saw: a double submit, or a
 * refund made meanwhile, finds it changed and refunds nothing. What is left must stay above zero
 * (the whole rest is a refund of the order). Stripe is asked last, just before the commit, under a
 * key of the order and the amount refunded before, so a retry after a failed commit refunds once.
 */
export async function refundOrderInPart(input: {
  orderId: string;
  amountCents: number;
  reason: string;
  expectedRefundedCents: number;
  actor: OrderActor;
  now?: Date;
}): Promise<PartRefundResult> {
  const now = input.now ?? new Date();
  try {
    return await db().transaction(async (tx) => {
      const before = await lockOrder(tx, input.orderId);
      if (!before) return { ok: false, reason: "not_found" } as const;
      if (before.status !== "paid") return { ok: false, reason: "invalid_transition" } as const;
      if (before.refundedCents !== input.expectedRefundedCents)
        return { ok: false, reason: "already_changed" } as const;
      const refundedCents = before.refundedCents + input.amountCents;
      if (input.amountCents < 1 || refundedCents >= before.totalCents)
        return { ok: false, reason: "too_much" } as const;
      const order = await setOrderSyncFields(tx, before.id, { refundedCents });
      const creditNote = await allocateCreditNote(tx, before, input.amountCents, now, input.reason);
      const effect = await orderEffects().partRefunded(tx, order, now);
      const card = isStripePayment(before.paymentReference)
        ? await refundStripePayment({
            orderId: before.id,
            paymentReference: before.paymentReference!,
            amountCents: input.amountCents,
            idempotencyKey: `part-refund-${before.id}-${before.refundedCents}`,
          })
        : null;
      if (card && !card.ok) throw new PartRefundRefused(card.reason);
      await recordAudit(tx, {
        actorId: actorId(input.actor),
        action: "order.partial_refund",
        targetType: "order",
        targetId: before.id,
        before: { status: before.status, refundedCents: before.refundedCents },
        after: {
          status: order.status,
          refundedCents,
          creditNoteNumber: creditNote.number,
          reason: input.reason,
          ...(card?.ok
            ? { stripeRefundId: card.value.refundId, paymentIntent: card.value.paymentIntent }
            : {}),
          ...effect,
        },
      });
      await queueOrderMail(tx, order, "part_refunded", {
        amountCents: creditNote.amountCents,
        creditNoteNumber: creditNote.number,
      });
      return { ok: true, value: { order, creditNoteNumber: creditNote.number } } as const;
    });
  } catch (error) {
    if (error instanceof PartRefundRefused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/** Undoes a part refund's transaction when Stripe does not refund the card. */
class PartRefundRefused extends Error {
  constructor(readonly reason: StripeRefundFailure) {
    super(reason);
  }
}

// ---------------------------------------------------------------- Stripe: a payment that came too late

/** Stripe did not refund a payment that reached a closed order: the event fails and Stripe retries it. */
export class LatePaymentNotRefunded extends Error {
  constructor(readonly reason: string) {
    super(`a late payment could not be refunded: ${reason}`);
  }
}

/**
 * A card payment for an order that can no longer be paid (cancelled by staff, or expired, before
 * Stripe reported the payment; docs/decisions/0024): the money goes back in full through Stripe,
 * once per payment, with the order's audit entry and the buyer's mail. The order stays cancelled
 * and keeps the payment's reference for support; it was never invoiced, so no credit note. A
 * replay, or the same payment reported by both its invoice and its Checkout, finds the reference
 * recorded and changes nothing. Null when the order is not one a payment came late for.
 */
export async function refundLatePayment(input: {
  orderId: string;
  paymentIntent: string;
  amountCents: number;
  eventId: string;
  /** The Stripe webhook intake's transaction, which claimed the event id. */
  tx: Transaction;
}): Promise<{ changed: boolean } | null> {
  return input.tx.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (before?.status !== "cancelled" || before.paidAt) return null;
    const reference = `${STRIPE_REFERENCE_PREFIX}${input.paymentIntent}`;
    if (before.paymentReference === reference) return { changed: false };
    const refund = await refundStripePayment({
      orderId: before.id,
      paymentReference: reference,
      amountCents: input.amountCents,
      idempotencyKey: `late-payment-${input.paymentIntent}`,
    });
    if (!refund.ok) {
      logger.error(
        { err: refund.error, orderId: before.id, reason: refund.reason },
        "late payment not refunded",
      );
      throw new LatePaymentNotRefunded(refund.reason);
    }
    const order = await setOrderSyncFields(tx, before.id, {
      paymentReference: before.paymentReference ?? reference,
    });
    await recordAudit(tx, {
      actorId: actorId(STRIPE_ACTOR),
      action: "order.late_payment_refunded",
      targetType: "order",
      targetId: before.id,
      before: { status: before.status, paymentReference: before.paymentReference },
      after: {
        status: order.status,
        paymentIntent: input.paymentIntent,
        stripeRefundId: refund.value.refundId,
        refundedCents: input.amountCents,
        stripeEventId: input.eventId,
      },
    });
    await queueOrderMail(tx, order, "late_payment_refunded");
    return { changed: true };
  });
}
