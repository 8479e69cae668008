import { isStripePayment, STRIPE_REFERENCE_PREFIX } from "~/payments/payment-reference";
import { refundStripePayment, type StripeRefundFailure } from "~/payments/stripe-client.server";
import { StripeEventRetryLater } from "~/payments/stripe-gateway.server";
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

// ---------------------------------------------------------------- a part refund, from Stripe or the team

/**
 * Records part of a paid order given back, in the caller's transaction with the order locked: the
 * running refunded amount, this refund's own credit note (with the team's reason, if any), the
 * creators' royalties reversed in proportion (the order effects), the audit entry and the buyer's
 * mail. The order stays paid with its downloads.
 */
async function recordPartBack(
  tx: Transaction,
  before: Order,
  refund: {
    amountCents: number;
    at: Date;
    actor: OrderActor;
    reason?: string;
    /** More for the audit entry: the Stripe event, or the card refund made. */
    details: Record<string, unknown>;
  },
) {
  const refundedCents = before.refundedCents + refund.amountCents;
  const order = await setOrderSyncFields(tx, before.id, { refundedCents });
  const creditNote = await allocateCreditNote(tx, before, refund.amountCents, refund.at, refund.reason);
  const effect = await orderEffects().partRefunded(tx, order, refund.at);
  await recordAudit(tx, {
    actorId: actorId(refund.actor),
    action: "order.partial_refund",
    targetType: "order",
    targetId: before.id,
    before: { status: before.status, refundedCents: before.refundedCents },
    after: {
      status: order.status,
      refundedCents,
      creditNoteNumber: creditNote.number,
      ...(refund.reason ? { reason: refund.reason } : {}),
      ...refund.details,
      ...effect,
    },
  });
  await queueOrderMail(tx, order, "part_refunded", {
    amountCents: creditNote.amountCents,
    creditNoteNumber: creditNote.number,
  });
  return { order, creditNote };
}

/**
 * A part of a card payment refunded in Stripe's Dashboard (charge.refunded below the total),
 * recorded as recordPartBack does. Stripe reports the running total, which only grows, so two part
 * refunds delivered out of order end at the larger, and a replay (or Stripe's report of a part
 * refund the team made here) changes nothing.
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
    await recordPartBack(tx, before, {
      amountCents: refundedCents - before.refundedCents,
      at: input.at ?? new Date(),
      actor: STRIPE_ACTOR,
      details: { stripeEventId: input.eventId },
    });
    return { changed: true };
  });
}

export type PartRefundResult =
  | { ok: true; value: { order: Order; creditNoteNumber: number } }
  | {
      ok: false;
      reason: "not_found" | "invalid_transition" | "already_changed" | "too_much" | StripeRefundFailure;
    };

/**
 * The team gives back part of a paid order, with the reason its credit note states: a card payment
 * through Stripe, a bank payment by the team; recorded as recordPartBack does.
 * `expectedRefundedCents` is what the staff member saw: a double submit, or a refund made
 * meanwhile, finds it changed and refunds nothing. What is left must stay above zero (the whole
 * rest is a refund of the order). The card refund is keyed by the order and the amount refunded
 * before it: should the record then fail to commit, the same form submitted again gets Stripe's
 * same refund back and records it, never a second one.
 */
export async function refundOrderInPart(input: {
  orderId: string;
  amountCents: number;
  reason: string;
  expectedRefundedCents: number;
  actor: OrderActor;
  now?: Date;
}): Promise<PartRefundResult> {
  return db().transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (!before) return { ok: false, reason: "not_found" } as const;
    if (before.status !== "paid") return { ok: false, reason: "invalid_transition" } as const;
    if (before.refundedCents !== input.expectedRefundedCents)
      return { ok: false, reason: "already_changed" } as const;
    if (input.amountCents < 1 || before.refundedCents + input.amountCents >= before.totalCents)
      return { ok: false, reason: "too_much" } as const;
    const card = isStripePayment(before.paymentReference)
      ? await refundStripePayment({
          orderId: before.id,
          paymentReference: before.paymentReference!,
          amountCents: input.amountCents,
          idempotencyKey: `part-refund-${before.id}-${before.refundedCents}`,
        })
      : null;
    if (card && !card.ok) return { ok: false, reason: card.reason } as const;
    const { order, creditNote } = await recordPartBack(tx, before, {
      amountCents: input.amountCents,
      at: input.now ?? new Date(),
      actor: input.actor,
      reason: input.reason,
      details: card ? { stripeRefundId: card.value.refundId, paymentIntent: card.value.paymentIntent } : {},
    });
    return { ok: true, value: { order, creditNoteNumber: creditNote.number } } as const;
  });
}

// ---------------------------------------------------------------- Stripe: a payment that came too late

/** Stripe did not refund a payment that reached a closed order: the event fails and Stripe retries it. */
export class LatePaymentNotRefunded extends StripeEventRetryLater {
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
