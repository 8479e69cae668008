import { refundStripePayment } from "~/payments/stripe-client.server";
import { StripeEventRetryLater, StripeEventTooEarly } from "~/payments/stripe-gateway.server";
import { taxRules } from "~/payments/taxes/tax-rules.server";
import { recordAudit } from "~/platform/audit.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import { logger } from "~/platform/logger.server";
import { findOrderById, type Order } from "../orders/order.queries.server";
import { actorId, type OrderActor } from "../orders/order-actor";
import { orderEffects } from "../orders/order-effects.server";
import { queueOrderMail, refundOrder } from "../orders/order-lifecycle.server";
import { payRenewalOrder } from "../orders/order-lifecycle-billing.server";
import { findPlanTitle } from "../pricing/plan.queries.server";
import { cancelStripeSubscription } from "../stripe/stripe-billing.server";
import { collectedRenewalAmounts, manualRenewalAmounts, renewalTax } from "./renewal-pricing";
import {
  findLatestPaidOrderOfSubscription,
  findOrderByStripeInvoice,
  listOrdersOfSubscriptionPaidAfter,
  lockSubscription,
  lockSubscriptionByStripeId,
  type Subscription,
  subscriptionRows,
  updateSubscription,
} from "./subscription.queries.server";

import { SUBSCRIPTION_TRANSITIONS, type SubscriptionMove } from "./subscription-machine";
import { queueSubscriptionMail, type SubscriptionMailStep } from "./subscription-mails.server";
import { currentBillingOf, priceNextPeriod } from "./subscription-pricing.server";
import { addDays, addMonths, GRACE_DAYS, isSubscriptionBilling, SUBSCRIPTION_MONTHS } from "./subscriptions";

/*
 * The one place a subscription changes: renewed (by Stripe's invoice.paid or by the team for a
 * manual one), past due after a failed renewal (the plan stays usable for the grace period), set
 * to end at its period's end, ended. Each change is one transaction with the subscription row
 * locked, the order and grant of a renewal (order-lifecycle's payRenewalOrder), the audit entry
 * and the buyer's mail. A Stripe event's changes run inside the webhook intake's transaction, which
 * claimed the event id first (payments/stripe-gateway.server.ts), so a replay or a concurrent twin
 * changes nothing.
 */

export type SubscriptionChange =
  | { ok: true; value: { subscription: Subscription; changed: boolean } }
  | { ok: false; reason: "not_found" | "not_manual" | "ended" | "already_renewed" };

/** A Stripe event as the lifecycle records it. */
export interface StripeEventRef {
  id: string;
  type: string;
  created: Date;
}

const later = (a: Date, b: Date) => new Date(Math.max(a.getTime(), b.getTime()));

const STRIPE: OrderActor = { kind: "system", name: "stripe" };
const SWEEP: OrderActor = { kind: "system", name: "subscriptions" };

async function mail(
  tx: Transaction,
  step: SubscriptionMailStep,
  subscription: Subscription,
  order?: Order,
  refundedCents?: number,
) {
  const planTitle = (await findPlanTitle(subscription.planCategory, tx)) ?? "Pro";
  await queueSubscriptionMail(tx, step, { subscription, planTitle, order, refundedCents });
}

/** What a subscription's audit entries show of it, before and after. */
const auditView = (sub: Subscription) => ({
  status: sub.status,
  cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
  graceEndsAt: sub.graceEndsAt?.toISOString() ?? null,
});

/**
 * Moves a subscription through SUBSCRIPTION_TRANSITIONS (docs/decisions/0022), with its fields,
 * what follows the move (`effects`, into the audit entry) and the audit entry showing the row before
 * and after. Null when the move does not start from the subscription's state.
 */
async function moveSubscription(
  tx: Transaction,
  spec: {
    id: string;
    move: SubscriptionMove;
    actor: OrderActor;
    fields: Partial<Subscription>;
    effects?: () => Promise<Record<string, unknown>>;
  },
): Promise<Subscription | null> {
  const moved = await moveState(tx, {
    rows: subscriptionRows,
    machine: SUBSCRIPTION_TRANSITIONS,
    move: spec.move,
    id: spec.id,
    actorId: actorId(spec.actor),
    fields: spec.fields,
    effects: spec.effects ?? (async () => ({})),
    auditBefore: auditView,
    auditAfter: auditView,
  });
  return moved.ok && moved.changed ? moved.row : null;
}

/** Restores (or moves) the end of the latest paid period's downloads. */
async function setLatestGrantEnd(tx: Transaction, subscription: Subscription, until: Date) {
  const latest = await findLatestPaidOrderOfSubscription(tx, subscription.id);
  return latest ? orderEffects().extended(tx, latest, until) : {};
}

// ---------------------------------------------------------------- renewed

/**
 * The team renews a manual subscription (paid by bank transfer) for one more period, starting
 * when the current one ends. `periodEnd` is the end the staff member saw: a double submit, or a
 * second staff member, finds it moved and renews nothing.
 */
export async function renewManualSubscription(input: {
  subscriptionId: string;
  expectedPeriodEnd: Date;
  reference: string;
  paidAt: Date;
  actor: OrderActor;
  now?: Date;
}): Promise<SubscriptionChange> {
  const now = input.now ?? new Date();
  return db().transaction(async (tx) => {
    const before = await lockSubscription(tx, input.subscriptionId);
    if (!before) return { ok: false, reason: "not_found" } as const;
    if (before.provider !== "manual") return { ok: false, reason: "not_manual" } as const;
    if (before.currentPeriodEnd.getTime() !== input.expectedPeriodEnd.getTime())
      return { ok: false, reason: "already_renewed" } as const;
    const first = await findOrderById(before.orderId, tx);
    if (!first || !isSubscriptionBilling(first.billing)) return { ok: false, reason: "not_found" } as const;
    // A renewal after the period ran out starts on payment (no days are billed that were not usable).
    const periodStart = later(before.currentPeriodEnd, now);
    const periodEnd = addMonths(periodStart, SUBSCRIPTION_MONTHS[first.billing]);
    const billing = await currentBillingOf(tx, before, first);
    const tax = renewalTax(billing, periodStart, taxRules());
    const renewal = await payRenewalOrder(tx, {
      subscription: before,
      firstOrder: first,
      periodStart,
      periodEnd,
      paidAt: input.paidAt,
      reference: input.reference,
      stripeInvoiceId: null,
      amounts: manualRenewalAmounts(first.unitPriceCents, tax),
      billing,
      tax,
      actor: input.actor,
    });
    if (!renewal) return { ok: false, reason: "already_renewed" } as const;
    const after = await moveSubscription(tx, {
      id: before.id,
      move: "renew",
      actor: input.actor,
      fields: { currentPeriodEnd: periodEnd, graceEndsAt: null, endedAt: null },
      effects: async () => ({ orderId: renewal.order.id }),
    });
    if (!after) return { ok: false, reason: "ended" } as const;
    const priced = await priceNextPeriod(tx, after, first);
    await mail(tx, "renewed", priced, renewal.order);
    return { ok: true, value: { subscription: after, changed: true } } as const;
  });
}

/** A Stripe invoice that paid a subscription's next period (invoice.paid, billing_reason not create). */
export interface PaidRenewalInvoice {
  invoiceId: string;
  stripeSubscriptionId: string;
  amountPaidCents: number;
  periodStart: Date;
  periodEnd: Date;
  paymentIntent: string | null;
}

/**
 * Records a renewal Stripe collected: the period's order, invoice number and downloads, in the
 * same transaction as the event's record; a recovery after a failed payment ends the grace period.
 */
export async function recordStripeRenewal(
  intake: Transaction,
  event: StripeEventRef,
  invoice: PaidRenewalInvoice,
) {
  return intake.transaction(async (tx) => {
    const before = await lockSubscriptionByStripeId(tx, invoice.stripeSubscriptionId);
    if (!before) throw new StripeEventTooEarly(`subscription ${invoice.stripeSubscriptionId} not known yet`);
    if (await findOrderByStripeInvoice(tx, invoice.invoiceId)) return { changed: false };
    const first = await findOrderById(before.orderId, tx);
    if (!first) throw new Error("a subscription without its first order");
    if (before.stripeDeletedAt) return recordRenewalAfterDeletion(tx, event, invoice, before, first);
    const previous = await findLatestPaidOrderOfSubscription(tx, before.id);
    const renewal = await payStripeRenewalOrder(tx, event, invoice, before, first);
    if (!renewal) return { changed: false };
    // Recovered after a failed payment: the last period's downloads end when it did, not at grace end.
    if (before.status === "past_due" && previous?.periodEnd)
      await orderEffects().extended(tx, previous, previous.periodEnd);
    const after = await moveSubscription(tx, {
      id: before.id,
      move: "renew",
      actor: STRIPE,
      fields: {
        currentPeriodEnd: later(invoice.periodEnd, before.currentPeriodEnd),
        graceEndsAt: null,
        endedAt: null,
      },
      effects: async () => ({
        orderId: renewal.order.id,
        stripeInvoiceId: invoice.invoiceId,
        stripeEventId: event.id,
      }),
    });
    if (!after) throw new Error(`subscription ${before.id} could not be renewed from ${before.status}`);
    const priced = await priceNextPeriod(tx, after, first);
    await mail(tx, "renewed", priced, renewal.order);
    return { changed: true };
  });
}

/**
 * The order of one period Stripe collected: placed and paid with its invoice number and grant,
 * taxed for the period's start and the buyer's current details.
 */
async function payStripeRenewalOrder(
  tx: Transaction,
  event: StripeEventRef,
  invoice: PaidRenewalInvoice,
  subscription: Subscription,
  first: Order,
) {
  const billing = await currentBillingOf(tx, subscription, first);
  const tax = renewalTax(billing, invoice.periodStart, taxRules());
  return payRenewalOrder(tx, {
    subscription,
    firstOrder: first,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    paidAt: event.created,
    reference: `stripe:${invoice.paymentIntent ?? invoice.invoiceId}`,
    stripeInvoiceId: invoice.invoiceId,
    amounts: collectedRenewalAmounts(invoice.amountPaidCents, first.unitPriceCents, tax),
    billing,
    tax,
    actor: STRIPE,
  });
}

/**
 * An invoice.paid that arrives after Stripe deleted the subscription (docs/decisions/0024): Stripe
 * retries deliveries for days in no set order, and a buyer may pay an open invoice late. The
 * subscription stays ended either way. Paid while it still ran (the event is older than the
 * deletion), the period's order is recorded with its invoice, its downloads ending when the
 * subscription did. Paid after, the money goes back in full through Stripe (keyed by the invoice,
 * so once), audited on the subscription and mailed to the buyer; no order is made.
 */
async function recordRenewalAfterDeletion(
  tx: Transaction,
  event: StripeEventRef,
  invoice: PaidRenewalInvoice,
  before: Subscription,
  first: Order,
) {
  const deletedAt = before.stripeDeletedAt!;
  if (event.created < deletedAt) {
    const renewal = await payStripeRenewalOrder(tx, event, invoice, before, first);
    if (!renewal) return { changed: false };
    await orderEffects().extended(tx, renewal.order, before.endedAt ?? deletedAt);
    await queueOrderMail(tx, renewal.order, "paid");
    return { changed: true };
  }
  if (!invoice.paymentIntent)
    throw new Error(`invoice ${invoice.invoiceId} was paid without a payment intent`);
  const refund = await refundStripePayment({
    orderId: first.id,
    paymentReference: `stripe:${invoice.paymentIntent}`,
    amountCents: invoice.amountPaidCents,
    idempotencyKey: `late-invoice-${invoice.invoiceId}`,
  });
  if (!refund.ok) {
    logger.error({ err: refund.error, invoiceId: invoice.invoiceId }, "late renewal payment not refunded");
    throw new StripeEventRetryLater(`a late renewal payment could not be refunded: ${refund.reason}`);
  }
  // Not a move (the subscription stays ended): audited here.
  await recordAudit(tx, {
    actorId: actorId(STRIPE),
    action: "subscription.late_payment_refunded",
    targetType: "subscription",
    targetId: before.id,
    before: auditView(before),
    after: {
      ...auditView(before),
      stripeInvoiceId: invoice.invoiceId,
      paymentIntent: invoice.paymentIntent,
      stripeRefundId: refund.value.refundId,
      refundedCents: invoice.amountPaidCents,
      stripeEventId: event.id,
    },
  });
  await mail(tx, "late_payment_refunded", before, undefined, invoice.amountPaidCents);
  return { changed: true };
}

// ---------------------------------------------------------------- past due

/**
 * A renewal Stripe could not collect: the plan stays usable for GRACE_DAYS after the period's end
 * and the buyer is mailed once (Stripe's retries fail again without a second mail). A failure
 * reported after the same invoice was paid (a late delivery) changes nothing.
 */
export async function recordStripeRenewalFailure(
  intake: Transaction,
  event: StripeEventRef,
  failed: { invoiceId: string; stripeSubscriptionId: string },
) {
  return intake.transaction(async (tx) => {
    const before = await lockSubscriptionByStripeId(tx, failed.stripeSubscriptionId);
    if (!before) throw new StripeEventTooEarly(`subscription ${failed.stripeSubscriptionId} not known yet`);
    if (await findOrderByStripeInvoice(tx, failed.invoiceId)) return { changed: false };
    const graceEndsAt = addDays(later(before.currentPeriodEnd, event.created), GRACE_DAYS);
    // Only an active subscription falls past due (SUBSCRIPTION_TRANSITIONS): else nothing changes.
    const after = await moveSubscription(tx, {
      id: before.id,
      move: "fail_payment",
      actor: STRIPE,
      fields: { graceEndsAt },
      effects: async () => ({
        stripeInvoiceId: failed.invoiceId,
        stripeEventId: event.id,
        ...(await setLatestGrantEnd(tx, before, graceEndsAt)),
      }),
    });
    if (!after) return { changed: false };
    await mail(tx, "renewal_failed", after);
    return { changed: true };
  });
}

// ---------------------------------------------------------------- cancelled at period end, ended

/**
 * customer.subscription.updated: whether it ends at the period's end (cancelled in the portal, or
 * taken back). An update older than the last one applied (delivered out of order) changes nothing.
 */
export async function syncStripeSubscription(
  intake: Transaction,
  event: StripeEventRef,
  update: { stripeSubscriptionId: string; cancelAtPeriodEnd: boolean },
) {
  return intake.transaction(async (tx) => {
    const before = await lockSubscriptionByStripeId(tx, update.stripeSubscriptionId);
    if (!before) throw new StripeEventTooEarly(`subscription ${update.stripeSubscriptionId} not known yet`);
    if (before.status === "ended") return { changed: false };
    if (before.stripeSyncedAt && event.created < before.stripeSyncedAt) return { changed: false };
    const after = await updateSubscription(tx, before.id, {
      cancelAtPeriodEnd: update.cancelAtPeriodEnd,
      stripeSyncedAt: event.created,
    });
    if (after.cancelAtPeriodEnd === before.cancelAtPeriodEnd) return { changed: false };
    // A field, not a move (SUBSCRIPTION_TRANSITIONS): audited here.
    await recordAudit(tx, {
      actorId: actorId(STRIPE),
      action: "subscription.updated",
      targetType: "subscription",
      targetId: after.id,
      before: auditView(before),
      after: { ...auditView(after), stripeEventId: event.id },
    });
    return { changed: true };
  });
}

/** Why stopping or resuming a manual subscription's renewal changed nothing. */
export type RenewalStopRefusal = "not_found" | "not_owner" | "not_manual" | "ended";

/**
 * A manual subscription set to end at its period's end (`stop: true`), or taken back before then
 * (`stop: false`), by its buyer on the profile or by staff. A field, not a move: the sweep ends it
 * when the period runs out. Asking for the state it is already in (a double submit) changes
 * nothing, audits nothing and mails nothing. `ownerId` is set when the buyer asks: only theirs.
 */
export async function setManualRenewalStopped(input: {
  subscriptionId: string;
  stop: boolean;
  actor: OrderActor;
  ownerId?: string;
}): Promise<
  { ok: true; changed: boolean; subscription: Subscription } | { ok: false; reason: RenewalStopRefusal }
> {
  return db().transaction(async (tx) => {
    const before = await lockSubscription(tx, input.subscriptionId);
    if (!before) return { ok: false, reason: "not_found" } as const;
    if (input.ownerId !== undefined && before.userId !== input.ownerId)
      return { ok: false, reason: "not_owner" } as const;
    if (before.provider !== "manual") return { ok: false, reason: "not_manual" } as const;
    if (before.status === "ended") return { ok: false, reason: "ended" } as const;
    if (before.cancelAtPeriodEnd === input.stop)
      return { ok: true, changed: false, subscription: before } as const;
    const after = await updateSubscription(tx, before.id, { cancelAtPeriodEnd: input.stop });
    await recordAudit(tx, {
      actorId: actorId(input.actor),
      action: input.stop ? "subscription.renewal_stopped" : "subscription.renewal_resumed",
      targetType: "subscription",
      targetId: after.id,
      before: auditView(before),
      after: auditView(after),
    });
    await mail(tx, input.stop ? "renewal_stopped" : "renewal_resumed", after);
    return { ok: true, changed: true, subscription: after } as const;
  });
}

/**
 * customer.subscription.deleted: the subscription is over (at its period's end, or at once when
 * cancelled so in the Dashboard): the last period's downloads end then and the buyer is mailed.
 */
export async function endStripeSubscription(
  intake: Transaction,
  event: StripeEventRef,
  ended: { stripeSubscriptionId: string; endedAt: Date },
) {
  return intake.transaction(async (tx) => {
    const before = await lockSubscriptionByStripeId(tx, ended.stripeSubscriptionId);
    if (!before) return { changed: false };
    const subscription = await endSubscription(tx, before, ended.endedAt, STRIPE, event.id);
    // Stripe's subscription is gone, whoever ended ours: a payment after this goes back.
    if (before.stripeDeletedAt) return subscription ? { changed: true, subscription } : { changed: false };
    await updateSubscription(tx, before.id, { stripeDeletedAt: event.created });
    // A renewal Stripe took after the deletion but reported before it (out of order): refunded.
    for (const late of await listOrdersOfSubscriptionPaidAfter(tx, before.id, ended.endedAt)) {
      const refunded = await refundOrder({ orderId: late.id, actor: STRIPE, now: event.created, tx });
      if (!refunded.ok) throw new Error(`a renewal paid after the end was not refunded: ${refunded.reason}`);
    }
    return { changed: true };
  });
}

/**
 * The team refunds an order and chooses to end its subscription with it: a Stripe subscription is
 * cancelled in Stripe now (keyed, so a retried call is the same cancellation), a manual one ends;
 * the last period's downloads end and the buyer is mailed. Under the subscription's lock: a second
 * submit, or a concurrent twin, finds it ended and changes nothing, and Stripe is asked once.
 * Should Stripe fail, nothing here changes and the error goes to the caller (submit again).
 */
export async function endSubscriptionWithRefund(input: {
  subscriptionId: string;
  actor: OrderActor;
  now?: Date;
}): Promise<{ changed: boolean }> {
  const now = input.now ?? new Date();
  return db().transaction(async (tx) => {
    const before = await lockSubscription(tx, input.subscriptionId);
    if (!before || before.status === "ended") return { changed: false };
    if (before.provider === "stripe" && before.stripeSubscriptionId && !before.stripeDeletedAt)
      await cancelStripeSubscription(before.stripeSubscriptionId);
    const after = await endSubscription(tx, before, now, input.actor);
    return { changed: after !== null };
  });
}

async function endSubscription(
  tx: Transaction,
  before: Subscription,
  endedAt: Date,
  actor: OrderActor,
  stripeEventId?: string,
) {
  const after = await moveSubscription(tx, {
    id: before.id,
    move: "end",
    actor,
    fields: { endedAt, graceEndsAt: null, cancelAtPeriodEnd: false },
    effects: async () => ({ ...(await setLatestGrantEnd(tx, before, endedAt)), stripeEventId }),
  });
  if (!after) return null;
  await mail(tx, "ended", after);
  logger.info({ subscriptionId: after.id, actor: actorId(actor) }, "subscription ended");
  return after;
}

/**
 * The sweep's end of a subscription: past due with its grace period over (still unpaid), or a
 * manual one (or one set to end) whose period ran out. Rechecked under the lock, so a renewal that
 * arrived meanwhile wins. Returns the ended subscription, or null when there was nothing to end.
 */
export async function endLapsedSubscription(subscriptionId: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const before = await lockSubscription(tx, subscriptionId);
    if (!before || before.status === "ended") return null;
    if (before.status === "past_due" && before.graceEndsAt && before.graceEndsAt <= now)
      return endSubscription(tx, before, before.graceEndsAt, SWEEP);
    const periodOver = before.currentPeriodEnd <= now;
    if (
      before.status === "active" &&
      periodOver &&
      (before.provider === "manual" || before.cancelAtPeriodEnd)
    )
      return endSubscription(tx, before, before.currentPeriodEnd, SWEEP);
    return null;
  });
}

/** Mails a manual subscription's buyer once per period, REMINDER_DAYS before it ends. */
export async function remindManualRenewal(subscriptionId: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const before = await lockSubscription(tx, subscriptionId);
    if (before?.provider !== "manual" || before.status !== "active" || before.cancelAtPeriodEnd) return false;
    if (before.remindedFor?.getTime() === before.currentPeriodEnd.getTime() || before.currentPeriodEnd <= now)
      return false;
    const after = await updateSubscription(tx, before.id, { remindedFor: before.currentPeriodEnd });
    await mail(tx, "renewal_coming", after);
    return true;
  });
}
