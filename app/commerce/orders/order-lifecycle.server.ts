import { BASE_CURRENCY, type Currency } from "~/payments/currencies";
import { isStripePayment } from "~/payments/payment-reference";
import { type DayRate, rateForDay } from "~/payments/rates/exchange-rates.server";
import { refundStripePayment, type StripeRefundFailure } from "~/payments/stripe-client.server";
import type { TaxRefusalField } from "~/payments/tax";
import { subdivisionOf } from "~/payments/taxes/subdivisions";
import { taxRules } from "~/payments/taxes/tax-rules.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import type { Locale } from "~/platform/i18n/locales";
import { logger } from "~/platform/logger.server";
import { ordersTotal } from "~/platform/metrics/business.server";
import { allocateCreditNote, allocateInvoice } from "../billing/invoice.queries.server";
import {
  claimGuestSubscriptions,
  type StripeSubscriptionLink,
  startSubscription,
} from "../billing/subscription-start.server";
import { addMonths, isSubscriptionBilling, SUBSCRIPTION_MONTHS } from "../billing/subscriptions";
import type { Buyer, PromoRefusal } from "../checkout/checkout-schema";
import type { CheckoutSelection } from "../pricing/plans";
import { checkPromoCode } from "../pricing/promo.server";
import { promoCodeToRead, type Quote, quoteFrom } from "../pricing/quote";
import { vatCheckForBuyer } from "../pricing/vat-check.server";
import type { ConfirmedTax } from "../pricing/vat-confirmation";
import { queueCheckoutExpiry } from "../stripe/checkout-expiry.server";
import {
  attachGuestOrders,
  findOrderByIdempotencyKey,
  findPlacement,
  insertOrderOnce,
  lockOrder,
  type Order,
  orderRows,
  PromoRedemptionRefused,
  releasePromoUse,
} from "./order.queries.server";
import { actorId, type OrderActor } from "./order-actor";
import { orderEffects } from "./order-effects.server";
import { ORDER_TRANSITIONS, type OrderMove } from "./order-machine";
import { queueOrderMail } from "./order-mail-queue.server";
import type { OrderMailStep, OrderRefund } from "./order-mails";

/*
 * The one place an order changes (docs/decisions/0013): placed → paid → refunded, or cancelled;
 * its billing transitions (renewed, disputed) are in order-lifecycle-billing.server.ts, and money
 * given back while it stays as it is (part refunds, a late payment) in order-refunds.server.ts.
 * Each transition is one transaction through `moveState` (docs/decisions/0022): the order row
 * locked, the status changed only as ORDER_TRANSITIONS allows, its effects in the domains above
 * (entitlements, royalties), its audit entry and its mail.
 * Replays (a webhook twice, a double click) find the order already moved and change nothing.
 */

export { actorId, type OrderActor } from "./order-actor";

// ---------------------------------------------------------------- placed

export interface PlaceOrderInput {
  selection: Pick<CheckoutSelection, "category" | "tierId" | "billing">;
  /** The code the buyer applied, re-checked now; never a discount amount. */
  promoCode: string | null;
  /** The checkout's buyer; besides email and country, what is left out reads as not given. */
  buyer: Pick<Buyer, "email" | "country"> & Partial<Omit<Buyer, "terms" | "email" | "country">>;
  /** The buyer's language (a BCP 47 tag): documents format amounts for it. */
  locale?: string;
  /** The interface language of the checkout: the buyer's mails follow it when their profile names none. */
  language?: Locale;
  /** What the buyer pays in (their choice on the site); the euro when not given. */
  currency?: Currency;
  userId: string | null;
  idempotencyKey: string;
  now?: Date;
}

export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | { ok: false; reason: "promo"; refusal: PromoRefusal }
  | { ok: false; reason: "tax"; message: string; field: TaxRefusalField }
  | { ok: false; reason: "unavailable" };

/** The day an order's exchange rate is read for (UTC). */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Places one order awaiting payment for one checkout. Everything is recomputed here from the plan
 * table and the promo code; a repeat with the same idempotency key returns the first order.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  // A retry of a checkout that already succeeded gets its order back, even if a code expired since.
  const currency = input.currency ?? BASE_CURRENCY;
  const now = input.now ?? new Date();
  const [{ existing, pricing }, rate] = await Promise.all([
    findPlacement(input.idempotencyKey, input.selection, promoCodeToRead(input.promoCode), currency),
    rateForDay(currency, dayOf(now)),
  ]);
  if (existing) return { ok: true, order: existing, created: false };
  // No stored rate for the currency: its royalties could not be computed, so it is not sold in it.
  if (!rate) return { ok: false, reason: "unavailable" };

  const taxBuyer = {
    country: input.buyer.country,
    buyerType: input.buyer.buyerType ?? "individual",
    vatNumber: input.buyer.vatNumber ?? null,
    subdivision: subdivisionOf(input.buyer.country, input.buyer.subdivision),
  };
  // The VAT number's check, queued now if the checkout did not already: a reverse charge needs it confirmed.
  const vatCheck = pricing ? await vatCheckForBuyer(taxBuyer, now) : null;
  const quote = quoteFrom(
    input.selection,
    pricing && { ...pricing, eurRate: rate.rate },
    input.promoCode,
    taxBuyer,
    now,
    taxRules(),
    vatCheck,
  );
  if (!quote) return { ok: false, reason: "unavailable" };
  const tax = quote.tax;
  if (!tax.ok) return { ok: false, reason: "tax", message: tax.message, field: tax.field ?? "vatNumber" };
  if (quote.promoRefusal) return { ok: false, reason: "promo", refusal: quote.promoRefusal };

  const promo = quote.promoCode
    ? { code: quote.promoCode, customer: input.buyer.email.trim().toLowerCase(), now }
    : undefined;
  try {
    const placed = await db().transaction(async (tx) => {
      const order = await insertOrderOnce(tx, newOrder(input, quote, tax, rate), promo);
      if (order) await queueOrderMail(tx, order, "placed");
      return order;
    });
    if (placed) ordersTotal.inc({ event: "placed" });
    if (placed) return { ok: true, order: placed, created: true };
    const twin = await findOrderByIdempotencyKey(input.idempotencyKey);
    if (!twin) throw new Error("order vanished after an idempotency conflict");
    return { ok: true, order: twin, created: false };
  } catch (error) {
    if (!(error instanceof PromoRedemptionRefused)) throw error;
    if (error.reason === "customer_limit") return { ok: false, reason: "promo", refusal: "customer_limit" };
    // Used up, deactivated or expired between the quote and now: say which.
    const recheck = await checkPromoCode(promo!.code, now);
    return { ok: false, reason: "promo", refusal: recheck.ok ? "used_up" : recheck.reason };
  }
}

function newOrder(
  input: PlaceOrderInput,
  quote: Quote,
  tax: Extract<ConfirmedTax, { ok: true }>,
  rate: DayRate,
) {
  const { amounts, tier } = quote;
  const { buyer } = input;
  return {
    idempotencyKey: input.idempotencyKey,
    planCategory: tier.category,
    licenseKind: tier.licenseKind,
    billing: quote.billing,
    downloads: tier.downloads,
    unitPriceCents: amounts.unitPriceCents,
    subtotalCents: amounts.subtotalCents,
    promoCode: quote.promoCode,
    promoValueCents: amounts.discountCents,
    vatRateBps: amounts.vatRateBps,
    vatAmountCents: amounts.vatCents,
    totalCents: amounts.totalCents,
    email: buyer.email,
    buyerName: buyer.buyerName ?? null,
    buyerType: buyer.buyerType ?? "individual",
    company: buyer.company ?? null,
    addressLine: buyer.addressLine ?? null,
    postalCode: buyer.postalCode ?? null,
    city: buyer.city ?? null,
    country: buyer.country,
    vatNumber: tax.vatNumber,
    taxReason: tax.reason,
    taxSubdivision: subdivisionOf(buyer.country, buyer.subdivision),
    vatCheckStatus: tax.vatCheck?.status ?? null,
    vatConsultationNumber: tax.vatCheck?.consultationNumber ?? null,
    locale: input.locale ?? "en",
    language: input.language ?? null,
    currency: tier.currency,
    eurRate: rate.rate,
    eurRateDate: rate.date,
    eurRateSource: rate.source,
    userId: input.userId,
  };
}

// ---------------------------------------------------------------- paid

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
  invoiceNumber: number;
  /** False when the order was already paid: nothing changed (a replayed webhook, a double click). */
  changed: boolean;
}

/**
 * Marks an order paid: the status (only from awaiting_payment), the payment reference and time,
 * the next invoice number, what payment grants above commerce (the plan's downloads), the audit
 * entry and the receipt. Idempotent: an order already paid answers ok with `changed: false`.
 */
export async function markOrderPaid(input: {
  orderId: string;
  reference: string;
  paidAt: Date;
  actor: OrderActor;
  /** A Pro order paid through Stripe Billing: the subscription that renews it, and its first period. */
  stripeSubscription?: StripeSubscriptionLink;
  /** The caller's transaction (the Stripe webhook intake's): the change commits or rolls back with it. */
  tx?: Transaction;
}): Promise<OrderChangeResult<PaidOrder>> {
  return (input.tx ?? db()).transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (!before) return { ok: false, reason: "not_found" } as const;
    if (before.status === "paid") {
      const invoice = await allocateInvoice(tx, before.id, before.paidAt ?? input.paidAt);
      return { ok: true, value: { order: before, invoiceNumber: invoice.number, changed: false } } as const;
    }
    const moved = await moveState(tx, {
      rows: orderRows,
      machine: ORDER_TRANSITIONS,
      move: "pay",
      id: before.id,
      actorId: actorId(input.actor),
      fields: { paidAt: input.paidAt, paymentReference: input.reference, ...firstPeriodOf(before, input) },
      effects: async (paid) => {
        const invoice = await allocateInvoice(tx, paid.id, input.paidAt);
        const granted = await orderEffects().paid(tx, paid);
        const subscription = await startSubscription(tx, paid, input.stripeSubscription);
        return {
          reference: input.reference,
          paidAt: input.paidAt.toISOString(),
          invoiceNumber: invoice.number,
          ...granted,
          ...(subscription ? { subscriptionId: subscription.id, provider: subscription.provider } : {}),
        };
      },
    });
    if (!moved.ok || !moved.changed) return { ok: false, reason: "invalid_transition" } as const;
    const { row: order, details } = moved;
    const invoice = { number: details.invoiceNumber };
    await queueOrderMail(tx, order, "paid");
    logger.info({ orderId: order.id, invoice: invoice.number, actor: actorId(input.actor) }, "order paid");
    ordersTotal.inc({ event: "paid" });
    return { ok: true, value: { order, invoiceNumber: invoice.number, changed: true } } as const;
  });
}

// ---------------------------------------------------------------- cancelled, refunded

export interface ClosedOrder {
  order: Order;
  changed: boolean;
}

/**
 * Cancels an order not paid yet (its promo code use is given back), or a paid one (its unused
 * downloads end; a card payment goes back through Stripe, as for a refund). Idempotent.
 */
export function cancelOrder(input: { orderId: string; actor: OrderActor; now?: Date }) {
  return closeOrder(input, "cancel");
}

/**
 * Refunds a paid order: its unused downloads end, and the licenses made with them; a card payment
 * goes back through Stripe. Idempotent.
 */
export function refundOrder(input: {
  orderId: string;
  actor: OrderActor;
  now?: Date;
  /** The card was already refunded in Stripe (the Dashboard, a lost dispute): record it, ask nothing. */
  refundedInStripe?: ExternalRefund;
  /** The caller's transaction (the Stripe webhook intake's): the change commits or rolls back with it. */
  tx?: Transaction;
}) {
  return closeOrder(input, "refund");
}

/**
 * Cancels an order still awaiting payment after ORDER_EXPIRY_DAYS (the scheduled expiry job): a
 * cancel like the console's, audited as an expiry, with its own mail. Idempotent; an order paid
 * meanwhile is left alone (`invalid_transition`).
 */
export function expireOrder(input: { orderId: string; now?: Date }) {
  const actor: OrderActor = { kind: "system", name: "expiry" };
  return closeOrder({ ...input, actor }, "expire", "expired");
}

/** A refund made in Stripe itself, reported by its webhook. */
export interface ExternalRefund {
  reference: string;
  /** Stripe's event (its id is claimed by the webhook intake, payments/stripe-gateway.server.ts). */
  eventId: string;
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
  input: {
    orderId: string;
    actor: OrderActor;
    now?: Date;
    refundedInStripe?: ExternalRefund;
    tx?: Transaction;
  },
  move: Extract<OrderMove, "cancel" | "refund" | "expire">,
  mail: OrderMailStep = ORDER_TRANSITIONS[move].to,
): Promise<OrderChangeResult<ClosedOrder>> {
  const to = ORDER_TRANSITIONS[move].to;
  const now = input.now ?? new Date();
  // Filled once Stripe has refunded the card, for the case where the commit then fails.
  const cardRefunded: { refundId: string | null }[] = [];
  // The credit note of money that went back, for the buyer's mail.
  let refund: OrderRefund | undefined;
  try {
    return await (input.tx ?? db()).transaction(async (tx) => {
      const external = input.refundedInStripe;
      const moved = await moveState(tx, {
        rows: orderRows,
        machine: ORDER_TRANSITIONS,
        move,
        id: input.orderId,
        actorId: actorId(input.actor),
        idempotent: true,
        // Money that goes back is all of it by the end: refunded_cents reaches the total.
        fields: (before) => ({
          closedAt: now,
          ...(before.status === "paid" ? { refundedCents: before.totalCents } : {}),
        }),
        effects: async (order, before) => {
          const wasPaid = before.status === "paid";
          // What a part refund (Stripe's Dashboard) gave back already is not given back again.
          const remainingCents = before.totalCents - before.refundedCents;
          const revoked = wasPaid ? await orderEffects().closed(tx, order, now) : {};
          // An order cancelled before payment never used its promo code: the buyer may use it again.
          // A paid order keeps the use it made, whatever happens to it later.
          const releasedPromoCode = wasPaid ? null : await releasePromoUse(tx, order.id);
          // Its open Checkout session closes when this commits: nobody pays for a closed order.
          const checkoutSession = !wasPaid ? before.stripeSessionId : null;
          if (checkoutSession) await queueCheckoutExpiry(tx, checkoutSession);
          // Money that goes back gets its credit note, numbered in this transaction (no gaps); before
          // the card refund, so that a refusal from Stripe undoes the number with everything else.
          const creditNote = wasPaid ? await allocateCreditNote(tx, before, remainingCents, now) : null;
          if (creditNote)
            refund = { amountCents: creditNote.amountCents, creditNoteNumber: creditNote.number };
          const cardRefund =
            wasPaid && isStripePayment(before.paymentReference) && !external
              ? await refundStripePayment({
                  orderId: before.id,
                  paymentReference: before.paymentReference!,
                  amountCents: remainingCents,
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
          return {
            ...revoked,
            releasedPromoCode,
            ...(checkoutSession ? { expiresCheckoutSession: checkoutSession } : {}),
            ...(creditNote ? { creditNoteNumber: creditNote.number } : {}),
            ...(external
              ? {
                  stripeRefund: external.reference,
                  refundedCents: remainingCents,
                  stripeEventId: external.eventId,
                }
              : {}),
            ...(cardRefund
              ? {
                  stripeRefundId: cardRefund.value.refundId,
                  paymentIntent: cardRefund.value.paymentIntent,
                  refundedCents: cardRefund.value.amountCents,
                }
              : {}),
          };
        },
      });
      if (!moved.ok)
        return {
          ok: false,
          reason: moved.reason === "not_found" ? "not_found" : "invalid_transition",
        } as const;
      if (!moved.changed) return { ok: true, value: { order: moved.row, changed: false } } as const;
      const order = moved.row;
      await queueOrderMail(tx, order, mail, refund);
      ordersTotal.inc({ event: to });
      return { ok: true, value: { order, changed: true } } as const;
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

// ---------------------------------------------------------------- claimed

/**
 * Hands the guest orders placed with a verified address to its account, with what they granted.
 * Call only once the address is verified: an unverified one could claim someone else's orders.
 */
export async function claimGuestOrders(userId: string, verifiedEmail: string): Promise<string[]> {
  return db().transaction(async (tx: Transaction) => {
    const orderIds = await attachGuestOrders(tx, verifiedEmail, userId);
    if (orderIds.length > 0) await orderEffects().claimed(tx, orderIds, userId);
    await claimGuestSubscriptions(tx, orderIds, userId);
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

// ---------------------------------------------------------------- subscriptions (Pro monthly/annual)

/** A Pro order's first period: Stripe's, or a calendar period from the payment for a manual one. */
function firstPeriodOf(order: Order, input: { paidAt: Date; stripeSubscription?: StripeSubscriptionLink }) {
  if (!isSubscriptionBilling(order.billing)) return {};
  if (input.stripeSubscription) {
    return {
      periodStart: input.stripeSubscription.periodStart,
      periodEnd: input.stripeSubscription.periodEnd,
    };
  }
  const now = new Date();
  const start = input.paidAt < now ? input.paidAt : now;
  return { periodStart: start, periodEnd: addMonths(start, SUBSCRIPTION_MONTHS[order.billing]) };
}

/** The buyer's mail about a step, in their language (order-mail-queue.server.ts). */
export { queueOrderMail };
