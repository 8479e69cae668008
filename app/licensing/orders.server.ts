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
import {
  allocateInvoice,
  type Entitlement,
  insertEntitlementOnce,
  revokeEntitlementOfOrder,
  setEntitlementOwnerForOrders,
} from "./entitlement.queries.server";
import { periodEnd } from "./entitlement-period";
import { refundStripePayment, stripePaymentIntentOf } from "./stripe-client.server";

/**
 * Who changes an order: a staff member in the console (audited under their id) or the system (the
 * Stripe webhook), audited under a `system:` id so the history shows every change.
 */
export type OrderActor = { kind: "staff"; userId: string } | { kind: "system"; name: "stripe" };

export const actorId = (actor: OrderActor) =>
  actor.kind === "staff" ? actor.userId : `system:${actor.name}`;

export type OrderChangeFailure = "not_found" | "invalid_transition" | "refund_failed";

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
 * downloads end). Idempotent.
 */
export function cancelOrder(input: { orderId: string; actor: OrderActor; now?: Date }) {
  return closeOrder(input, ["awaiting_payment", "paid"], "cancelled", "order.cancel");
}

/**
 * Refunds a paid order: its unused downloads end; licenses already made stay valid. Idempotent.
 * An order paid by card is refunded through Stripe inside the same transaction (the order row
 * locked): when Stripe refuses or cannot be reached, nothing changes and the answer is
 * `refund_failed`; a retry is safe, as Stripe's idempotency key is the order id.
 */
export function refundOrder(input: { orderId: string; actor: OrderActor; now?: Date }) {
  return closeOrder(input, ["paid"], "refunded", "order.refund", async (before) => {
    const paymentIntent = stripePaymentIntentOf(before.paymentReference);
    if (!paymentIntent) return { ok: true, audit: {} };
    const refunded = await refundStripePayment({ orderId: before.id, paymentIntent });
    if (!refunded.ok) {
      logger.error({ err: refunded.error, orderId: before.id }, "Stripe refund failed: the order stays paid");
      return { ok: false };
    }
    return { ok: true, audit: { stripeRefundId: refunded.value.refundId, paymentIntent } };
  });
}

/** Undoes a close's transaction when its payment step fails (nothing of the change stays). */
class PaymentStepFailed extends Error {}

async function closeOrder(
  input: { orderId: string; actor: OrderActor; now?: Date },
  from: readonly ("awaiting_payment" | "paid")[],
  to: "cancelled" | "refunded",
  action: string,
  /** Money back, where the order was paid through a provider; runs last, before the commit. */
  paymentStep?: (before: Order) => Promise<{ ok: true; audit: Record<string, unknown> } | { ok: false }>,
): Promise<OrderChangeResult<ClosedOrder>> {
  const now = input.now ?? new Date();
  return db()
    .transaction(async (tx) => {
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
      const payment = paymentStep ? await paymentStep(before) : { ok: true as const, audit: {} };
      if (!payment.ok) throw new PaymentStepFailed();
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
          ...payment.audit,
        },
      });
      return { ok: true, value: { order, revoked, changed: true } } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentStepFailed) return { ok: false, reason: "refund_failed" } as const;
      throw error;
    });
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
