import {
  attachGuestOrders,
  lockOrder,
  type Order,
  releasePromoUse,
  transitionOrder,
} from "~/commerce/order.queries.server";
import { recordAudit } from "~/platform/audit.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { ordersTotal } from "~/platform/metrics/business.server";
import {
  allocateInvoice,
  type Entitlement,
  insertEntitlementOnce,
  revokeEntitlementOfOrder,
  setEntitlementOwnerForOrders,
} from "./entitlement.queries.server";
import { periodEnd } from "./entitlement-period";
import { isStripePayment } from "./payment-reference";
import { refundStripePayment, type StripeRefundFailure } from "./stripe-client.server";

/**
 * Who changes an order: a staff member in the console (audited under their id) or the system (the
 * Stripe webhook), audited under a `system:` id so the history shows every change.
 */
export type OrderActor = { kind: "staff"; userId: string } | { kind: "system"; name: "stripe" };

export const actorId = (actor: OrderActor) =>
  actor.kind === "staff" ? actor.userId : `system:${actor.name}`;

/**
 * Besides the order's own state: a card refund Stripe refused, could not take or cannot take here
 * (the order stays as it was), or a card Stripe refunded while the order's change then failed to
 * commit (submitting again records it without refunding twice).
 */
export type OrderChangeFailure =
  | "not_found"
  | "invalid_transition"
  | StripeRefundFailure
  | "refund_not_recorded";

export type OrderChangeResult<T> = { ok: true; value: T } | { ok: false; reason: OrderChangeFailure };

export interface PaidOrder {
  order: Order;
  entitlement: Entitlement;
  invoiceNumber: number;
  /** False when the order was already paid: nothing changed (a replayed webhook, a double click). */
  changed: boolean;
}

/**
 * Marks an order paid, in one transaction: the status (only from awaiting_payment), the payment
 * reference and time, the entitlement its plan grants, the next invoice number and the audit entry.
 * Idempotent: an order already paid answers ok with `changed: false` and changes nothing.
 */
export async function markOrderPaid(input: {
  orderId: string;
  reference: string;
  paidAt: Date;
  actor: OrderActor;
}): Promise<OrderChangeResult<PaidOrder>> {
  return db().transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (!before) return { ok: false, reason: "not_found" } as const;
    if (before.status === "paid") {
      const entitlement = await insertEntitlementOnce(tx, entitlementFor(before));
      const invoice = await allocateInvoice(tx, before.id, before.paidAt ?? input.paidAt);
      return {
        ok: true,
        value: { order: before, entitlement, invoiceNumber: invoice.number, changed: false },
      } as const;
    }
    const order = await transitionOrder(tx, before.id, ["awaiting_payment"], "paid", {
      paidAt: input.paidAt,
      paymentReference: input.reference,
    });
    if (!order) return { ok: false, reason: "invalid_transition" } as const;
    const entitlement = await insertEntitlementOnce(tx, entitlementFor(order));
    const invoice = await allocateInvoice(tx, order.id, input.paidAt);
    await recordAudit(tx, {
      actorId: actorId(input.actor),
      action: "order.mark_paid",
      targetType: "order",
      targetId: order.id,
      before: { status: before.status },
      after: {
        status: order.status,
        reference: input.reference,
        paidAt: input.paidAt.toISOString(),
        invoiceNumber: invoice.number,
        entitlementId: entitlement.id,
      },
    });
    logger.info({ orderId: order.id, invoice: invoice.number, actor: actorId(input.actor) }, "order paid");
    ordersTotal.inc({ event: "paid" });
    return { ok: true, value: { order, entitlement, invoiceNumber: invoice.number, changed: true } } as const;
  });
}

export interface ClosedOrder {
  order: Order;
  /** The entitlement whose unused downloads were taken back, if the order had been paid. */
  revoked: Entitlement | null;
  changed: boolean;
}

/**
 * Cancels an order not paid yet (its promo code use is given back), or a paid one (its unused
 * downloads end; a card payment goes back through Stripe, as for a refund). Idempotent.
 */
export function cancelOrder(input: { orderId: string; actor: OrderActor; now?: Date }) {
  return closeOrder(input, ["awaiting_payment", "paid"], "cancelled", "order.cancel");
}

/**
 * Refunds a paid order: its unused downloads end; licenses already made stay valid; a card payment
 * goes back through Stripe. Idempotent.
 */
export function refundOrder(input: { orderId: string; actor: OrderActor; now?: Date }) {
  return closeOrder(input, ["paid"], "refunded", "order.refund");
}

/** Undoes a close's transaction when Stripe does not refund the card (nothing of the change stays). */
class CardRefundFailed extends Error {
  constructor(readonly reason: StripeRefundFailure) {
    super(reason);
  }
}

/**
 * Closes an order in one transaction with the order row locked. A paid card order's money goes
 * back through Stripe last, just before the commit: when Stripe refuses or cannot be reached the
 * transaction is undone and nothing changes; a concurrent second submit waits for the lock and then
 * finds the order closed, so it asks Stripe nothing. Should the commit fail after Stripe refunded,
 * the answer says so; submitting again reuses the order's refund idempotency key, so Stripe
 * answers with the same refund and the order is recorded, never refunded twice.
 */
async function closeOrder(
  input: { orderId: string; actor: OrderActor; now?: Date },
  from: readonly ("awaiting_payment" | "paid")[],
  to: "cancelled" | "refunded",
  action: string,
): Promise<OrderChangeResult<ClosedOrder>> {
  const now = input.now ?? new Date();
  // Filled once Stripe has refunded the card, for the case where the commit then fails.
  const cardRefunded: { refundId: string | null }[] = [];
  try {
    return await db().transaction(async (tx) => {
      const before = await lockOrder(tx, input.orderId);
      if (!before) return { ok: false, reason: "not_found" } as const;
      if (before.status === to) {
        return { ok: true, value: { order: before, revoked: null, changed: false } } as const;
      }
      const order = await transitionOrder(tx, before.id, from, to, { closedAt: now });
      if (!order) return { ok: false, reason: "invalid_transition" } as const;
      const revoked = before.status === "paid" ? await revokeEntitlementOfOrder(tx, order.id, now) : null;
      // An order cancelled before payment never used its promo code: the buyer may use it again.
      // A paid order keeps the use it made, whatever happens to it later.
      const releasedPromoCode = before.status === "paid" ? null : await releasePromoUse(tx, order.id);
      const cardRefund =
        before.status === "paid" && before.paymentReference && isStripePayment(before.paymentReference)
          ? await refundStripePayment({
              orderId: before.id,
              paymentReference: before.paymentReference,
              amountCents: before.totalCents,
            })
          : null;
      if (cardRefund && !cardRefund.ok) {
        logger.error(
          { err: cardRefund.error, orderId: before.id, reason: cardRefund.reason },
          "Stripe did not refund the card: the order stays paid",
        );
        throw new CardRefundFailed(cardRefund.reason);
      }
      if (cardRefund) cardRefunded.push(cardRefund.value);
      await recordAudit(tx, {
        actorId: actorId(input.actor),
        action,
        targetType: "order",
        targetId: order.id,
        before: { status: before.status },
        after: {
          status: order.status,
          revokedEntitlementId: revoked?.id ?? null,
          unusedDownloads: revoked ? unusedDownloads(revoked) : null,
          releasedPromoCode,
          ...(cardRefund
            ? {
                stripeRefundId: cardRefund.value.refundId,
                paymentIntent: cardRefund.value.paymentIntent,
                refundedCents: cardRefund.value.amountCents,
              }
            : {}),
        },
      });
      ordersTotal.inc({ event: to });
      return { ok: true, value: { order, revoked, changed: true } } as const;
    });
  } catch (error) {
    if (error instanceof CardRefundFailed) return { ok: false, reason: error.reason };
    if (cardRefunded.length > 0) {
      logger.error(
        { err: error, orderId: input.orderId, stripeRefundId: cardRefunded[0]?.refundId },
        "Stripe refunded the card but the order's change did not commit: submitting again records it",
      );
      return { ok: false, reason: "refund_not_recorded" };
    }
    throw error;
  }
}

function unusedDownloads(entitlement: Entitlement): number | "unlimited" {
  return entitlement.downloadsTotal === 0
    ? "unlimited"
    : entitlement.downloadsTotal - entitlement.downloadsUsed;
}

/** What a paid order grants: its tier's downloads with its license for the billing period. */
function entitlementFor(order: Order) {
  // Usable at once: a payment dated later today (a day picked in the console) must not hold it back.
  const now = new Date();
  const startsAt = order.paidAt && order.paidAt < now ? order.paidAt : now;
  return {
    orderId: order.id,
    userId: order.userId,
    licenseKind: order.licenseKind,
    downloadsTotal: order.downloads,
    // The period's price before any promo: what one download is worth to the creator.
    priceCents: order.unitPriceCents,
    startsAt,
    expiresAt: periodEnd(startsAt, order.billing),
  };
}

/**
 * Hands the guest orders placed with a verified address to its account, with their entitlements.
 * Call only once the address is verified: an unverified one could claim someone else's orders.
 */
export async function claimGuestOrders(userId: string, verifiedEmail: string): Promise<string[]> {
  return db().transaction(async (tx: Transaction) => {
    const orderIds = await attachGuestOrders(tx, verifiedEmail, userId);
    await setEntitlementOwnerForOrders(tx, orderIds, userId);
    if (orderIds.length > 0) logger.info({ userId, orders: orderIds.length }, "guest orders attached");
    return orderIds;
  });
}

/**
 * Claims guest orders for a signed-in user whose address is verified: covers an order placed as a
 * guest by someone who verified long ago (the email-verified event covers the moment of proof).
 */
export async function claimGuestOrdersOf(user: { id: string; email: string; emailVerified?: boolean }) {
  if (!user.emailVerified) return [];
  return claimGuestOrders(user.id, user.email);
}
