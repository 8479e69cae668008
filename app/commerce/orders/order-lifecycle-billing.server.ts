import { STRIPE_REFERENCE_PREFIX } from "~/payments/payment-reference";
import { refundStripePayment } from "~/payments/stripe-client.server";
import { recordAudit } from "~/platform/audit.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import { logger } from "~/platform/logger.server";
import { ordersTotal } from "~/platform/metrics/business.server";
import { allocateCreditNote, allocateInvoice } from "../billing/invoice.queries.server";
import { type Subscription, setOrderSyncFields } from "../billing/subscription.queries.server";
import type { renewalAmounts } from "../billing/subscriptions";
import { insertOrderOnce, lockOrder, type Order, orderRows } from "./order.queries.server";
import { actorId, type OrderActor } from "./order-actor";
import { orderEffects } from "./order-effects.server";
import { queueOrderMail, refundOrder } from "./order-lifecycle.server";
import { ORDER_TRANSITIONS } from "./order-machine";

/*
 * The order's billing transitions, beside order-lifecycle.server.ts (placed, paid, closed, claimed)
 * and held to the same rules (docs/decisions/0013, 0019): renewed (a subscription's next period is
 * a new order, paid at once with its invoice number and grant), part-refunded and disputed (from
 * Stripe's Dashboard, through the webhook). One transaction each, with the audit entry; a Stripe
 * event is recorded as processed in it, so a replay changes nothing.
 */

export interface RenewalInput {
  subscription: Subscription;
  /** The order that started the subscription: the renewal copies its plan and buyer. */
  firstOrder: Order;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
  reference: string;
  /** Stripe's invoice for a Stripe renewal (one order per invoice); null for a manual renewal. */
  stripeInvoiceId: string | null;
  amounts: ReturnType<typeof renewalAmounts>;
  actor: OrderActor;
}

/**
 * One renewal of a subscription, in the caller's transaction: a new order for the period, paid at
 * once with its invoice number and its grant (as markOrderPaid does). Null when this period's
 * invoice was already recorded (a replay).
 */
export async function payRenewalOrder(tx: Transaction, input: RenewalInput) {
  const { firstOrder: first } = input;
  const placed = await insertOrderOnce(tx, {
    idempotencyKey: `renewal-${input.subscription.id}-${input.periodStart.toISOString()}`,
    planCategory: first.planCategory,
    licenseKind: first.licenseKind,
    billing: first.billing,
    downloads: first.downloads,
    ...input.amounts,
    email: first.email,
    // The renewal bills the same buyer, with the same tax treatment, as the first order.
    buyerName: first.buyerName,
    buyerType: first.buyerType,
    company: first.company,
    addressLine: first.addressLine,
    postalCode: first.postalCode,
    city: first.city,
    country: first.country,
    vatNumber: first.vatNumber,
    taxReason: first.taxReason,
    viesStatus: first.viesStatus,
    viesCheckedAt: first.viesCheckedAt,
    locale: first.locale,
    userId: input.subscription.userId ?? first.userId,
    subscriptionId: input.subscription.id,
    stripeInvoiceId: input.stripeInvoiceId,
  });
  if (!placed) return null;
  const moved = await moveState(tx, {
    rows: orderRows,
    machine: ORDER_TRANSITIONS,
    move: "pay_renewal",
    id: placed.id,
    actorId: actorId(input.actor),
    fields: {
      paidAt: input.paidAt,
      paymentReference: input.reference,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
    },
    effects: async (paid) => {
      const invoice = await allocateInvoice(tx, paid.id, input.paidAt);
      const granted = await orderEffects().paid(tx, paid);
      return {
        subscriptionId: input.subscription.id,
        reference: input.reference,
        periodStart: input.periodStart.toISOString(),
        periodEnd: input.periodEnd.toISOString(),
        invoiceNumber: invoice.number,
        ...granted,
      };
    },
    // Placed and paid in one transaction: the history starts with the payment.
    auditBefore: () => null,
  });
  if (!moved.ok || !moved.changed) throw new Error("a renewal order just placed could not be paid");
  const order = moved.row;
  const invoice = { number: moved.details.invoiceNumber };
  ordersTotal.inc({ event: "paid" });
  return { order, invoiceNumber: invoice.number };
}

const STRIPE_ACTOR: OrderActor = { kind: "system", name: "stripe" };

// ---------------------------------------------------------------- Stripe Dashboard: part refunds, disputes

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

/**
 * A dispute on a paid card order: opened, the order's unused downloads wait (suspended); won, they
 * come back; lost, the order is refunded (Stripe took the money back) and they end. A dispute
 * closed before its opening arrives (out of order) is not reopened by the late event.
 */
export async function recordDispute(input: {
  orderId: string;
  disputeId: string;
  status: "open" | "won" | "lost";
  eventId: string;
  at: Date;
  /** The caller's transaction (the Stripe webhook intake's, which claimed the event id). */
  tx?: Transaction;
}): Promise<{ changed: boolean }> {
  const outcome = await (input.tx ?? db()).transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (!before) return { changed: false, lost: false };
    const known = before.disputeId === input.disputeId ? before.disputeStatus : null;
    if (known === input.status || (known && known !== "open" && input.status === "open"))
      return { changed: false, lost: false };
    if (before.status !== "paid") return { changed: false, lost: false };
    await setOrderSyncFields(tx, before.id, { disputeId: input.disputeId, disputeStatus: input.status });
    const effect =
      input.status === "lost"
        ? {}
        : await orderEffects().suspended(tx, before, input.status === "open" ? input.at : null, input.at);
    await recordAudit(tx, {
      actorId: actorId(STRIPE_ACTOR),
      action: `order.dispute_${input.status}`,
      targetType: "order",
      targetId: before.id,
      before: { status: before.status, dispute: known },
      after: { status: before.status, dispute: input.status, disputeId: input.disputeId, ...effect },
    });
    return { changed: true, lost: input.status === "lost" };
  });
  if (outcome.lost) {
    // The money went back to the card holder: the order is refunded as staff would, without a refund call.
    await refundOrder({
      orderId: input.orderId,
      actor: STRIPE_ACTOR,
      now: input.at,
      refundedInStripe: { reference: input.disputeId, eventId: input.eventId },
      tx: input.tx,
    });
  }
  return { changed: outcome.changed };
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
