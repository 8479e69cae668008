import { recordAudit } from "~/platform/audit.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import { ordersTotal } from "~/platform/metrics/business.server";
import { allocateInvoice } from "../billing/invoice.queries.server";
import type { RenewalBilling, RenewalTax } from "../billing/renewal-pricing";
import { type Subscription, setOrderSyncFields } from "../billing/subscription.queries.server";
import type { renewalAmounts } from "../billing/subscriptions";
import { insertOrderOnce, lockOrder, type Order, orderRows } from "./order.queries.server";
import { actorId, type OrderActor } from "./order-actor";
import { orderEffects } from "./order-effects.server";
import { refundOrder } from "./order-lifecycle.server";
import { ORDER_TRANSITIONS } from "./order-machine";

/*
 * The order's billing transitions, beside order-lifecycle.server.ts (placed, paid, closed, claimed)
 * and held to the same rules (docs/decisions/0013, 0019): renewed (a subscription's next period is
 * a new order, paid at once with its invoice number and grant) and disputed (from Stripe's
 * Dashboard, through the webhook); part refunds are in order-refunds.server.ts. One transaction
 * each, with the audit entry; a Stripe event is recorded as processed in it, so a replay changes
 * nothing.
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
  /** The buyer's current billing details and the tax decided for them on the renewal's date. */
  billing: RenewalBilling;
  tax: RenewalTax;
  actor: OrderActor;
}

/**
 * A period is billed in the subscription's currency, at the first order's stored euro rate (the
 * day's rate is the rates job's, decision 0026). A subscription in another currency than its first
 * order cannot be made today (nothing changes subscriptions.currency); should one appear, the
 * renewal fails loudly rather than convert at a made-up rate.
 */
function renewalCurrency(subscription: Subscription, first: Order) {
  if (subscription.currency !== first.currency)
    throw new Error(
      `subscription ${subscription.id} is in ${subscription.currency}, its first order in ${first.currency}: no rate`,
    );
  return {
    currency: first.currency,
    eurRate: first.eurRate,
    eurRateDate: first.eurRateDate,
    eurRateSource: first.eurRateSource,
  };
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
    // Billed to the buyer as they are now (their newest order's details), taxed for its date
    // (billing/renewal-pricing.ts); the VIES answer carries over only for the same number.
    buyerName: input.billing.buyerName,
    buyerType: input.billing.buyerType,
    company: input.billing.company,
    addressLine: input.billing.addressLine,
    postalCode: input.billing.postalCode,
    city: input.billing.city,
    country: input.billing.country,
    vatNumber: input.tax.vatNumber,
    taxReason: input.tax.reason,
    viesStatus: input.tax.vatNumber && input.tax.vatNumber === first.vatNumber ? first.viesStatus : null,
    viesCheckedAt:
      input.tax.vatNumber && input.tax.vatNumber === first.vatNumber ? first.viesCheckedAt : null,
    ...renewalCurrency(input.subscription, first),
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

// ---------------------------------------------------------------- Stripe Dashboard: disputes

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
