import { StripeEventTooEarly } from "~/payments/stripe-gateway.server";
import { recordAudit } from "~/platform/audit.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { findOrderById, type Order } from "./order.queries.server";
import { orderEffects } from "./order-effects.server";
import { actorId, type OrderActor } from "./order-lifecycle.server";
import { payRenewalOrder } from "./order-lifecycle-billing.server";
import { findPlanTitle } from "./plan.queries.server";
import {
  findLatestPaidOrderOfSubscription,
  findOrderByStripeInvoice,
  lockSubscription,
  lockSubscriptionByStripeId,
  type Subscription,
  updateSubscription,
} from "./subscription.queries.server";
import { queueSubscriptionMail, type SubscriptionMailStep } from "./subscription-mails.server";
import {
  addDays,
  addMonths,
  amountsFromTotal,
  GRACE_DAYS,
  isSubscriptionBilling,
  renewalAmounts,
  SUBSCRIPTION_MONTHS,
} from "./subscriptions";

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

async function mail(tx: Transaction, step: SubscriptionMailStep, subscription: Subscription, order?: Order) {
  const planTitle = (await findPlanTitle(subscription.planCategory, tx)) ?? "Pro";
  await queueSubscriptionMail(tx, step, { subscription, planTitle, order });
}

async function audit(
  tx: Transaction,
  actor: OrderActor,
  action: string,
  before: Subscription,
  after: Subscription,
  extra: Record<string, unknown> = {},
) {
  const pick = (sub: Subscription) => ({
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    graceEndsAt: sub.graceEndsAt?.toISOString() ?? null,
  });
  await recordAudit(tx, {
    actorId: actorId(actor),
    action,
    targetType: "subscription",
    targetId: after.id,
    before: pick(before),
    after: { ...pick(after), ...extra },
  });
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
    const renewal = await payRenewalOrder(tx, {
      subscription: before,
      firstOrder: first,
      periodStart,
      periodEnd,
      paidAt: input.paidAt,
      reference: input.reference,
      stripeInvoiceId: null,
      amounts: renewalAmounts(first),
      actor: input.actor,
    });
    if (!renewal) return { ok: false, reason: "already_renewed" } as const;
    const after = await updateSubscription(tx, before.id, {
      status: "active",
      currentPeriodEnd: periodEnd,
      graceEndsAt: null,
      endedAt: null,
    });
    await audit(tx, input.actor, "subscription.renewed", before, after, { orderId: renewal.order.id });
    await mail(tx, "renewed", after, renewal.order);
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
 * webhook intake's transaction (`intake`, which claimed the event); a recovery after a failed payment ends the grace period.
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
    const previous = await findLatestPaidOrderOfSubscription(tx, before.id);
    const renewal = await payRenewalOrder(tx, {
      subscription: before,
      firstOrder: first,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      paidAt: event.created,
      reference: `stripe:${invoice.paymentIntent ?? invoice.invoiceId}`,
      stripeInvoiceId: invoice.invoiceId,
      amounts: amountsFromTotal(invoice.amountPaidCents, first.vatRateBps, first.unitPriceCents),
      actor: STRIPE,
    });
    if (!renewal) return { changed: false };
    // Recovered after a failed payment: the last period's downloads end when it did, not at grace end.
    if (before.status === "past_due" && previous?.periodEnd)
      await orderEffects().extended(tx, previous, previous.periodEnd);
    const after = await updateSubscription(tx, before.id, {
      status: "active",
      currentPeriodEnd: later(invoice.periodEnd, before.currentPeriodEnd),
      graceEndsAt: null,
      endedAt: null,
    });
    await audit(tx, STRIPE, "subscription.renewed", before, after, {
      orderId: renewal.order.id,
      stripeInvoiceId: invoice.invoiceId,
      stripeEventId: event.id,
    });
    await mail(tx, "renewed", after, renewal.order);
    return { changed: true };
  });
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
    if (before.status !== "active") return { changed: false };
    const from = later(before.currentPeriodEnd, event.created);
    const graceEndsAt = addDays(from, GRACE_DAYS);
    const extended = await setLatestGrantEnd(tx, before, graceEndsAt);
    const after = await updateSubscription(tx, before.id, { status: "past_due", graceEndsAt });
    await audit(tx, STRIPE, "subscription.payment_failed", before, after, {
      stripeInvoiceId: failed.invoiceId,
      stripeEventId: event.id,
      ...extended,
    });
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
    await audit(tx, STRIPE, "subscription.updated", before, after, { stripeEventId: event.id });
    return { changed: true };
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
    if (before.status === "ended") return { changed: false };
    return {
      changed: true,
      subscription: await endSubscription(tx, before, ended.endedAt, STRIPE, event.id),
    };
  });
}

async function endSubscription(
  tx: Transaction,
  before: Subscription,
  endedAt: Date,
  actor: OrderActor,
  stripeEventId?: string,
) {
  const ended = await setLatestGrantEnd(tx, before, endedAt);
  const after = await updateSubscription(tx, before.id, {
    status: "ended",
    endedAt,
    graceEndsAt: null,
    cancelAtPeriodEnd: false,
  });
  await audit(tx, actor, "subscription.ended", before, after, { ...ended, stripeEventId });
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
