import type Stripe from "stripe";
import { STRIPE_REFERENCE_PREFIX } from "~/payments/payment-reference";
import { cardCountryOfPayment, stripe } from "~/payments/stripe-client.server";
import {
  type StripeEventHandler,
  type StripeEventOutcome,
  StripeEventRefused,
} from "~/payments/stripe-gateway.server";
import type { Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { findOrderByPaymentReference } from "../billing/subscription.queries.server";
import {
  endStripeSubscription,
  recordStripeRenewal,
  recordStripeRenewalFailure,
  type StripeEventRef,
  syncStripeSubscription,
} from "../billing/subscription-lifecycle.server";
import { findOrderWithPlanTitle, recordEvidenceCardCountry } from "../orders/order.queries.server";
import { markOrderPaid, refundOrder } from "../orders/order-lifecycle.server";
import { recordDispute } from "../orders/order-lifecycle-billing.server";
import { recordPartialRefund, refundLatePayment } from "../orders/order-refunds.server";

/*
 * Commerce's Stripe events: a Checkout paid (an order, or a Pro subscription's first invoice), a
 * renewal, a failed one, a cancellation in the portal, a refund or a dispute in the Dashboard. Each
 * moves the order, its subscription and its downloads as the staff console would. Registered with
 * the payments gateway in app/jobs.server.ts: each handler runs in the gateway's transaction, which
 * claimed the event id first, so a replay or a concurrent twin changes nothing (decision 0021).
 */

const refOf = (event: Stripe.Event): StripeEventRef => ({
  id: event.id,
  type: event.type,
  created: new Date(event.created * 1000),
});

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

const outcomeOf = (changed: boolean): StripeEventOutcome => (changed ? "applied" : "already_processed");

const STRIPE_ACTOR = { kind: "system", name: "stripe" } as const;

/**
 * checkout.session.completed and checkout.session.async_payment_succeeded: the money arrived
 * (card payments complete at once, others later). The order is paid through markOrderPaid, which
 * changes an order only from awaiting_payment; the amount must be the order's.
 */
const checkoutPaid: StripeEventHandler = async (tx, event) => {
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.mode === "subscription") return subscriptionCheckoutCompleted(tx, event, session);
  const orderId = session.client_reference_id ?? session.metadata?.orderId ?? null;
  if (session.payment_status !== "paid" || !orderId) return "ignored";
  const order = await findOrderWithPlanTitle(orderId);
  if (
    !order ||
    session.amount_total !== order.totalCents ||
    session.currency?.toLowerCase() !== order.currency.toLowerCase()
  ) {
    logger.error(
      { orderId, eventId: event.id, amount: session.amount_total, currency: session.currency },
      "Stripe payment does not match its order: not marked paid",
    );
    throw new StripeEventRefused("amount_mismatch");
  }
  const paymentIntent = idOf(session.payment_intent);
  const paid = await markOrderPaid({
    orderId,
    reference: `${STRIPE_REFERENCE_PREFIX}${paymentIntent ?? session.id}`,
    paidAt: new Date(event.created * 1000),
    actor: STRIPE_ACTOR,
    tx,
  });
  if (!paid.ok && paymentIntent) {
    // Paid after the order was cancelled or expired: the money goes back (docs/decisions/0024).
    const late = await refundLatePayment({
      orderId,
      paymentIntent,
      amountCents: order.totalCents,
      eventId: event.id,
      tx,
    });
    if (late) return late.changed ? "refunded" : "already_processed";
  }
  if (!paid.ok) {
    logger.warn(
      { orderId, eventId: event.id, reason: paid.reason },
      "Stripe payment for an order that cannot be paid",
    );
    // Nothing to retry for an order that can no longer be paid: acknowledged so Stripe stops.
    throw new StripeEventRefused("order_not_payable", true);
  }
  if (paid.value.changed && paymentIntent) await recordCardEvidence(tx, orderId, paymentIntent);
  return paid.value.changed ? "paid" : "already_processed";
};

/**
 * The card's issuing country beside the billing country the buyer gave: the two pieces of evidence
 * of the buyer's location EU rules ask for. Stripe not answering leaves it empty; the payment stands.
 */
async function recordCardEvidence(tx: Transaction, orderId: string, paymentIntent: string) {
  const country = await cardCountryOfPayment(paymentIntent);
  if (country) await recordEvidenceCardCountry(tx, orderId, country);
  else
    logger.warn(
      { orderId, paymentIntent },
      "card country of a payment unknown: location evidence incomplete",
    );
}

/**
 * A Checkout in subscription mode completed: its first invoice pays the order (invoice.paid may
 * have done so already; whichever comes second finds the order paid).
 */
async function subscriptionCheckoutCompleted(
  tx: Transaction,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<StripeEventOutcome> {
  const orderId = session.client_reference_id ?? session.metadata?.orderId ?? null;
  const invoiceId = idOf(session.invoice);
  const subscriptionId = idOf(session.subscription);
  if (!orderId || !invoiceId || !subscriptionId || session.payment_status !== "paid") return "ignored";
  const invoice = await stripe().invoices.retrieve(invoiceId, { expand: ["payments"] });
  const line = invoice.lines.data[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
  const outcome = await payFirstInvoice(tx, event, orderId, {
    subscriptionId,
    customerId: idOf(session.customer),
    amountCents: invoice.amount_paid,
    paymentIntent: await paymentIntentOfInvoice(invoice),
    invoiceId,
    period: { start: new Date(line.start * 1000), end: new Date(line.end * 1000) },
  });
  return outcome === "applied" ? "paid" : outcome;
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
const invoicePaid: StripeEventHandler = async (tx, event) => {
  const invoice = event.data.object as Stripe.Invoice;
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId || invoice.status !== "paid") return "ignored";
  const paymentIntent = await paymentIntentOfInvoice(invoice);
  const period = billedPeriod(invoice);
  if (invoice.billing_reason === "subscription_create") {
    const orderId = invoice.parent?.subscription_details?.metadata?.orderId;
    if (!orderId) return "ignored";
    return payFirstInvoice(tx, event, orderId, {
      subscriptionId,
      customerId: idOf(invoice.customer),
      amountCents: invoice.amount_paid,
      paymentIntent,
      invoiceId: invoice.id,
      period,
    });
  }
  const result = await recordStripeRenewal(tx, refOf(event), {
    invoiceId: invoice.id,
    stripeSubscriptionId: subscriptionId,
    amountPaidCents: invoice.amount_paid,
    periodStart: period.start,
    periodEnd: period.end,
    paymentIntent,
  });
  return outcomeOf(result.changed);
};

/** Pays a Pro order from its subscription's first invoice, with the subscription Stripe made. */
async function payFirstInvoice(
  tx: Transaction,
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
): Promise<StripeEventOutcome> {
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
    actor: STRIPE_ACTOR,
    stripeSubscription: {
      subscriptionId: first.subscriptionId,
      customerId: first.customerId,
      periodStart: first.period.start,
      periodEnd: first.period.end,
    },
    tx,
  });
  if (paid.ok && paid.value.changed && first.paymentIntent) {
    await recordCardEvidence(tx, orderId, first.paymentIntent);
  }
  if (paid.ok) return paid.value.changed ? "applied" : "already_processed";
  if (!first.paymentIntent) return "ignored";
  // Paid after the order was cancelled or expired: the money goes back and the subscription Stripe
  // started for it stops, so nothing more is charged (docs/decisions/0024).
  const late = await refundLatePayment({
    orderId,
    paymentIntent: first.paymentIntent,
    amountCents: first.amountCents,
    eventId: event.id,
    tx,
  });
  if (!late) return "ignored";
  if (late.changed) await stripe().subscriptions.cancel(first.subscriptionId);
  return late.changed ? "refunded" : "already_processed";
}

/** invoice.payment_failed: a renewal Stripe could not collect (the first invoice's is Checkout's business). */
const invoicePaymentFailed: StripeEventHandler = async (tx, event) => {
  const invoice = event.data.object as Stripe.Invoice;
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId || invoice.billing_reason === "subscription_create") return "ignored";
  const result = await recordStripeRenewalFailure(tx, refOf(event), {
    invoiceId: invoice.id,
    stripeSubscriptionId: subscriptionId,
  });
  return outcomeOf(result.changed);
};

/** customer.subscription.updated: set to end at the period's end in the portal, or taken back. */
const subscriptionUpdated: StripeEventHandler = async (tx, event) => {
  const subscription = event.data.object as Stripe.Subscription;
  if (!isOurs(subscription.metadata)) return "ignored";
  if (subscription.status === "incomplete" || subscription.status === "incomplete_expired") return "ignored";
  const result = await syncStripeSubscription(tx, refOf(event), {
    stripeSubscriptionId: subscription.id,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  });
  return outcomeOf(result.changed);
};

/** customer.subscription.deleted: the subscription is over. */
const subscriptionDeleted: StripeEventHandler = async (tx, event) => {
  const subscription = event.data.object as Stripe.Subscription;
  const result = await endStripeSubscription(tx, refOf(event), {
    stripeSubscriptionId: subscription.id,
    endedAt: new Date((subscription.ended_at ?? event.created) * 1000),
  });
  return outcomeOf(result.changed);
};

/** The order a charge paid, by the payment intent its reference names. */
async function orderOfCharge(paymentIntent: string | null) {
  if (!paymentIntent) return null;
  return findOrderByPaymentReference(`${STRIPE_REFERENCE_PREFIX}${paymentIntent}`);
}

/** charge.refunded: in full, the order is refunded (as staff would, without refunding again); in part, recorded. */
const chargeRefunded: StripeEventHandler = async (tx, event) => {
  const charge = event.data.object as Stripe.Charge;
  const order = await orderOfCharge(idOf(charge.payment_intent));
  if (!order) return "ignored";
  if (charge.amount_refunded >= order.totalCents || charge.refunded) {
    const result = await refundOrder({
      orderId: order.id,
      actor: STRIPE_ACTOR,
      now: new Date(event.created * 1000),
      refundedInStripe: { reference: charge.id, eventId: event.id },
      tx,
    });
    if (!result.ok) return "ignored";
    return outcomeOf(result.value.changed);
  }
  const result = await recordPartialRefund({
    orderId: order.id,
    refundedCents: charge.amount_refunded,
    eventId: event.id,
    at: new Date(event.created * 1000),
    tx,
  });
  return outcomeOf(result.changed);
};

/** charge.dispute.created and charge.dispute.closed (won or lost). */
const dispute: StripeEventHandler = async (tx, event) => {
  const object = event.data.object as Stripe.Dispute;
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
    tx,
  });
  return outcomeOf(result.changed);
};

/** Commerce's part of the gateway's table: the events of Verdeo's own Stripe account (/webhooks/stripe). */
export const COMMERCE_STRIPE_HANDLERS: Readonly<Record<string, StripeEventHandler>> = {
  "checkout.session.completed": checkoutPaid,
  "checkout.session.async_payment_succeeded": checkoutPaid,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
  "customer.subscription.updated": subscriptionUpdated,
  "customer.subscription.deleted": subscriptionDeleted,
  "charge.refunded": chargeRefunded,
  "charge.dispute.created": dispute,
  "charge.dispute.closed": dispute,
};
