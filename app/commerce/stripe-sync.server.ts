import type Stripe from "stripe";
import { STRIPE_REFERENCE_PREFIX } from "~/payments/payment-reference";
import { stripe } from "~/payments/stripe-client.server";
import { logger } from "~/platform/logger.server";
import { findOrderWithPlanTitle } from "./order.queries.server";
import { markOrderPaid, refundOrder } from "./order-lifecycle.server";
import { recordDispute, recordPartialRefund } from "./order-lifecycle-billing.server";
import { findOrderByPaymentReference } from "./subscription.queries.server";
import {
  endStripeSubscription,
  recordStripeRenewal,
  recordStripeRenewalFailure,
  type StripeEventRef,
  syncStripeSubscription,
} from "./subscription-lifecycle.server";

/*
 * Stripe kept in sync: what happens in Stripe (a renewal, a failed one, a cancellation in the
 * portal, a refund or a dispute in the Dashboard) moves the order, its subscription and its
 * downloads as the staff console would, each in one transaction that records the event id.
 */

export type SyncOutcome = "applied" | "already_processed" | "ignored";

/** The Stripe event types this module answers (stripe.server.ts keeps the Checkout ones). */
export const SYNC_EVENTS = new Set([
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
]);

const refOf = (event: Stripe.Event): StripeEventRef => ({
  id: event.id,
  type: event.type,
  created: new Date(event.created * 1000),
});

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

const outcomeOf = (changed: boolean): SyncOutcome => (changed ? "applied" : "already_processed");

export async function syncStripeEvent(event: Stripe.Event): Promise<SyncOutcome> {
  switch (event.type) {
    case "invoice.paid":
      return invoicePaid(event, event.data.object);
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId || invoice.billing_reason === "subscription_create") return "ignored";
      const result = await recordStripeRenewalFailure(refOf(event), {
        invoiceId: invoice.id,
        stripeSubscriptionId: subscriptionId,
      });
      return outcomeOf(result.changed);
    }
    case "customer.subscription.updated": {
      const subscription = event.data.object;
      if (!isOurs(subscription.metadata)) return "ignored";
      if (subscription.status === "incomplete" || subscription.status === "incomplete_expired")
        return "ignored";
      const result = await syncStripeSubscription(refOf(event), {
        stripeSubscriptionId: subscription.id,
        cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      });
      return outcomeOf(result.changed);
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const result = await endStripeSubscription(refOf(event), {
        stripeSubscriptionId: subscription.id,
        endedAt: new Date((subscription.ended_at ?? event.created) * 1000),
      });
      return outcomeOf(result.changed);
    }
    case "charge.refunded":
      return chargeRefunded(event, event.data.object);
    case "charge.dispute.created":
    case "charge.dispute.closed":
      return dispute(event, event.data.object);
    default:
      return "ignored";
  }
}

/**
 * Subscriptions Verdeo's Checkout made carry the order's id; others in the same Stripe account
 * (another product) are not ours and are acknowledged without a change (never retried forever).
 */
const isOurs = (metadata: Stripe.Metadata | null | undefined) => Boolean(metadata?.orderId);

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  if (!isOurs(invoice.parent?.subscription_details?.metadata)) return null;
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The payment intent that paid an invoice: embedded when expanded, else asked of Stripe. */
export async function paymentIntentOfInvoice(invoice: Stripe.Invoice): Promise<string | null> {
  const embedded =
    invoice.payments?.data.find((payment) => payment.status === "paid") ?? invoice.payments?.data[0];
  const fromEmbedded = idOf(embedded?.payment.payment_intent);
  if (fromEmbedded) return fromEmbedded;
  const payments = await stripe().invoicePayments.list({ invoice: invoice.id, limit: 3 });
  return idOf(payments.data.find((payment) => payment.status === "paid")?.payment.payment_intent);
}

/** The period an invoice bills: its subscription line's (Stripe's invoice period is the last one). */
function billedPeriod(invoice: Stripe.Invoice) {
  const line = invoice.lines.data[0];
  const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return { start: new Date(period.start * 1000), end: new Date(period.end * 1000) };
}

/**
 * invoice.paid: the first invoice pays the order the Checkout was for (as checkout.session.completed
 * does: whichever comes first pays it, the other finds it paid); later ones are renewals.
 */
async function invoicePaid(event: Stripe.Event, invoice: Stripe.Invoice): Promise<SyncOutcome> {
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId || invoice.status !== "paid") return "ignored";
  const paymentIntent = await paymentIntentOfInvoice(invoice);
  const period = billedPeriod(invoice);
  if (invoice.billing_reason === "subscription_create") {
    const orderId = invoice.parent?.subscription_details?.metadata?.orderId;
    if (!orderId) return "ignored";
    const paid = await payFirstInvoice(event, orderId, {
      subscriptionId,
      customerId: idOf(invoice.customer),
      amountCents: invoice.amount_paid,
      paymentIntent,
      invoiceId: invoice.id,
      period,
    });
    return paid;
  }
  const result = await recordStripeRenewal(refOf(event), {
    invoiceId: invoice.id,
    stripeSubscriptionId: subscriptionId,
    amountPaidCents: invoice.amount_paid,
    periodStart: period.start,
    periodEnd: period.end,
    paymentIntent,
  });
  return outcomeOf(result.changed);
}

/** Pays a Pro order from its subscription's first invoice, with the subscription Stripe made. */
export async function payFirstInvoice(
  event: Stripe.Event,
  orderId: string,
  first: {
    subscriptionId: string;
    customerId: string | null;
    amountCents: number;
    paymentIntent: string | null;
    invoiceId: string;
    period: { start: Date; end: Date };
  },
): Promise<SyncOutcome> {
  const order = await findOrderWithPlanTitle(orderId);
  if (!order || order.totalCents !== first.amountCents) {
    logger.error(
      { orderId, eventId: event.id, amount: first.amountCents },
      "Stripe invoice does not match its order",
    );
    return "ignored";
  }
  const paid = await markOrderPaid({
    orderId,
    reference: `${STRIPE_REFERENCE_PREFIX}${first.paymentIntent ?? first.invoiceId}`,
    paidAt: new Date(event.created * 1000),
    actor: { kind: "system", name: "stripe" },
    stripeSubscription: {
      subscriptionId: first.subscriptionId,
      customerId: first.customerId,
      periodStart: first.period.start,
      periodEnd: first.period.end,
    },
  });
  if (!paid.ok) return "ignored";
  return paid.value.changed ? "applied" : "already_processed";
}

/** The order a charge paid, by the payment intent its reference names. */
async function orderOfCharge(paymentIntent: string | null) {
  if (!paymentIntent) return null;
  return findOrderByPaymentReference(`${STRIPE_REFERENCE_PREFIX}${paymentIntent}`);
}

/** charge.refunded: in full, the order is refunded (as staff would, without refunding again); in part, recorded. */
async function chargeRefunded(event: Stripe.Event, charge: Stripe.Charge): Promise<SyncOutcome> {
  const order = await orderOfCharge(idOf(charge.payment_intent));
  if (!order) return "ignored";
  if (charge.amount_refunded >= order.totalCents || charge.refunded) {
    const result = await refundOrder({
      orderId: order.id,
      actor: { kind: "system", name: "stripe" },
      now: new Date(event.created * 1000),
      refundedInStripe: { reference: charge.id, amountCents: charge.amount_refunded, eventId: event.id },
    });
    if (!result.ok) return "ignored";
    return outcomeOf(result.value.changed);
  }
  const result = await recordPartialRefund({
    orderId: order.id,
    refundedCents: charge.amount_refunded,
    eventId: event.id,
    at: new Date(event.created * 1000),
  });
  return outcomeOf(result.changed);
}

async function dispute(event: Stripe.Event, object: Stripe.Dispute): Promise<SyncOutcome> {
  const order = await orderOfCharge(idOf(object.payment_intent));
  if (!order) return "ignored";
  const status = event.type === "charge.dispute.created" ? "open" : object.status === "won" ? "won" : "lost";
  if (event.type === "charge.dispute.closed" && !["won", "lost"].includes(object.status)) return "ignored";
  const result = await recordDispute({
    orderId: order.id,
    disputeId: object.id,
    status,
    eventId: event.id,
    at: new Date(event.created * 1000),
  });
  return outcomeOf(result.changed);
}
