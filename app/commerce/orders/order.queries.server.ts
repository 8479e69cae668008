import { and, count, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { BASE_CURRENCY, type Currency } from "~/payments/currencies";
import type { ViesStatus } from "~/payments/tax";
import { db, type Executor } from "~/platform/db/client.server";
import { stateRows } from "~/platform/db/state-machine.server";
import type { PlanCategory } from "../pricing/plans";
import { claimPromoUse } from "../pricing/promo-admin.queries.server";
import type { PricedTier, Selection } from "../pricing/quote";
import {
  orders,
  pricingPlans,
  pricingTierPrices,
  pricingTiers,
  promoCodes,
  promoRedemptions,
} from "../schema.server";

export type NewOrder = typeof orders.$inferInsert;
export type Order = typeof orders.$inferSelect;

/** Why a promo code could not be redeemed at the moment the order was placed. */
export class PromoRedemptionRefused extends Error {
  constructor(readonly reason: "unavailable" | "customer_limit") {
    super(`promo redemption refused: ${reason}`);
  }
}

/**
 * Inserts the order unless one with the same idempotency key exists (then null: a concurrent twin
 * won, and ON CONFLICT waited for its commit). With a promo code, its use is counted (under the
 * code's row lock) and the buyer's earlier uses checked in the same transaction, or
 * `PromoRedemptionRefused` is thrown.
 */
export async function insertOrderOnce(
  tx: Executor,
  order: NewOrder,
  promo?: { code: string; customer: string; now: Date },
): Promise<Order | null> {
  const [row] = await tx
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  if (row && promo) await redeemPromo(tx, row.id, promo);
  return row ?? null;
}

export async function findOrderByIdempotencyKey(key: string): Promise<Order | null> {
  const rows = await db().select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function findOrderById(id: string, executor: Executor = db()): Promise<Order | null> {
  const rows = await executor.select().from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0] ?? null;
}

/** An order with its plan's title, for the success page. */
export async function findOrderWithPlanTitle(id: string) {
  const rows = await db()
    .select({ order: orders, planTitle: pricingPlans.title })
    .from(orders)
    .innerJoin(pricingPlans, eq(pricingPlans.category, orders.planCategory))
    .where(eq(orders.id, id))
    .limit(1);
  return rows[0] ? { ...rows[0].order, planTitle: rows[0].planTitle } : null;
}

/**
 * A tier's price in `currency`: the euro price is the tier's own, another currency's is its row in
 * pricing_tier_prices (null when the tier is not sold in it: the tier then reads as not offered).
 */
const tierColumns = (currency: Currency) => ({
  category: pricingPlans.category,
  title: pricingPlans.title,
  licenseKind: pricingPlans.licenseKind,
  tierId: pricingTiers.id,
  downloads: pricingTiers.downloads,
  priceCents: currency === BASE_CURRENCY ? pricingTiers.priceCents : pricingTierPrices.priceMinor,
  currency: sql<Currency>`${currency}::text`,
});

const priceInCurrency = (currency: Currency) =>
  and(eq(pricingTierPrices.tierId, pricingTiers.id), eq(pricingTierPrices.currency, currency));

const activeTier = (category: PlanCategory, tierId: number, currency: Currency) =>
  and(
    eq(pricingTiers.id, tierId),
    eq(pricingTiers.planCategory, category),
    eq(pricingPlans.isActive, true),
    currency === BASE_CURRENCY ? undefined : isNotNull(pricingTierPrices.priceMinor),
  );

/** A tier of an active plan, or null: what the server prices an order from. */
export async function findActiveTier(
  category: PlanCategory,
  tierId: number,
  currency: Currency = BASE_CURRENCY,
): Promise<PricedTier | null> {
  const rows = await db()
    .select(tierColumns(currency))
    .from(pricingTiers)
    .innerJoin(pricingPlans, eq(pricingPlans.category, pricingTiers.planCategory))
    .leftJoin(pricingTierPrices, priceInCurrency(currency))
    .where(activeTier(category, tierId, currency))
    .limit(1);
  return (rows[0] as PricedTier | undefined) ?? null;
}

/**
 * Everything a quote reads, in one query: the tier of an active plan and, when a code is given,
 * that code if it is active. Null when the tier is gone.
 */
export async function findPricing(
  category: PlanCategory,
  tierId: number,
  promoCode: string,
  currency: Currency = BASE_CURRENCY,
): Promise<{ tier: PricedTier; promo: typeof promoCodes.$inferSelect | null } | null> {
  const rows = await db()
    .select({ tier: tierColumns(currency), promo: promoCodes })
    .from(pricingTiers)
    .innerJoin(pricingPlans, eq(pricingPlans.category, pricingTiers.planCategory))
    .leftJoin(pricingTierPrices, priceInCurrency(currency))
    .leftJoin(promoCodes, and(eq(promoCodes.code, promoCode), eq(promoCodes.isActive, true)))
    .where(activeTier(category, tierId, currency))
    .limit(1);
  return (rows[0] as { tier: PricedTier; promo: typeof promoCodes.$inferSelect | null } | undefined) ?? null;
}

/**
 * What placing an order reads, in one call: the order already placed with this idempotency key
 * (a resubmit gets it back, whatever changed since), else the tier and the applied code to price
 * it from.
 */
export async function findPlacement(
  idempotencyKey: string,
  selection: Selection,
  promoCode: string | null,
  currency: Currency = BASE_CURRENCY,
) {
  const [existing, pricing] = await Promise.all([
    findOrderByIdempotencyKey(idempotencyKey),
    promoCode
      ? findPricing(selection.category, selection.tierId, promoCode, currency)
      : findActiveTier(selection.category, selection.tierId, currency).then((tier) =>
          tier ? { tier, promo: null } : null,
        ),
  ]);
  return { existing, pricing };
}

// ------------------------------------------------------------- order lifecycle
// order-lifecycle.server.ts runs these inside each transition's transaction.

/** The order, locked until the caller's transaction ends, so two status changes never interleave. */
export async function lockOrder(executor: Executor, id: string): Promise<Order | null> {
  const rows = await executor.select().from(orders).where(eq(orders.id, id)).for("update");
  return rows[0] ?? null;
}

/** How `moveState` reaches orders: an order's status changes only through ORDER_TRANSITIONS. */
export const orderRows = stateRows(orders, "order");

/** A paid Pro order learns the subscription it started (a field, not a change of status). */
export async function setOrderSubscription(executor: Executor, id: string, subscriptionId: string) {
  await executor.update(orders).set({ subscriptionId }).where(eq(orders.id, id));
}

/** Keeps the Checkout session of an order still awaiting payment; false once it was cancelled. */
export async function setOrderStripeSession(id: string, sessionId: string) {
  const rows = await db()
    .update(orders)
    .set({ stripeSessionId: sessionId })
    .where(and(eq(orders.id, id), eq(orders.status, "awaiting_payment")))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** A signed-in buyer's orders, newest first, with the plan's title. */
export async function listOrdersOfUser(userId: string) {
  const rows = await db()
    .select({ order: orders, planTitle: pricingPlans.title })
    .from(orders)
    .innerJoin(pricingPlans, eq(pricingPlans.category, orders.planCategory))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  return rows.map((row) => ({ ...row.order, planTitle: row.planTitle }));
}

/**
 * The billing details of a member's newest order, for their next checkout. By user id only: a
 * guest order with the same email is not theirs until they verify the address (attachGuestOrders).
 */
export async function findLatestBillingOfUser(userId: string, executor: Executor = db()) {
  const rows = await executor
    .select({
      buyerType: orders.buyerType,
      buyerName: orders.buyerName,
      company: orders.company,
      addressLine: orders.addressLine,
      postalCode: orders.postalCode,
      city: orders.city,
      country: orders.country,
      vatNumber: orders.vatNumber,
      subdivision: orders.taxSubdivision,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Gives guest orders placed with `email` to the account that has verified that address. Returns the
 * ids of the orders attached now.
 */
export async function attachGuestOrders(executor: Executor, email: string, userId: string) {
  const rows = await executor
    .update(orders)
    .set({ userId })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${email})`))
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

async function redeemPromo(
  tx: Executor,
  orderId: string,
  promo: { code: string; customer: string; now: Date },
) {
  const claimed = await claimPromoUse(tx, promo.code, promo.now);
  if (!claimed) throw new PromoRedemptionRefused("unavailable");
  if (claimed.perCustomerLimit !== null) {
    const [used] = await tx
      .select({ value: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.code, promo.code), eq(promoRedemptions.customer, promo.customer)));
    if ((used?.value ?? 0) >= claimed.perCustomerLimit) throw new PromoRedemptionRefused("customer_limit");
  }
  await tx.insert(promoRedemptions).values({ orderId, code: promo.code, customer: promo.customer });
}

/**
 * Gives back the promo use of an order that never went ahead: its redemption (the per-customer
 * limit counts those) and one use of the code. Returns the code, or null when the order used none.
 */
export async function releasePromoUse(tx: Executor, orderId: string) {
  const [released] = await tx
    .delete(promoRedemptions)
    .where(eq(promoRedemptions.orderId, orderId))
    .returning({ code: promoRedemptions.code });
  if (!released) return null;
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`greatest(${promoCodes.usesCount} - 1, 0)` })
    .where(eq(promoCodes.code, released.code));
  return released.code;
}

/** The buyer's oldest order still awaiting payment, if any (what a Download press should point to). */
export async function findOrderAwaitingPayment(userId: string): Promise<Order | null> {
  const rows = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "awaiting_payment")))
    .orderBy(orders.createdAt)
    .limit(1);
  return rows[0] ?? null;
}

/** Stores what VIES said about an order's VAT number. */
export async function recordViesResult(orderId: string, status: ViesStatus, checkedAt: Date) {
  await db()
    .update(orders)
    .set({ viesStatus: status, viesCheckedAt: checkedAt })
    .where(eq(orders.id, orderId));
}

/** Orders still awaiting payment that were placed before `placedBefore`, oldest first. */
export async function listOrdersAwaitingPaymentSince(placedBefore: Date, limit: number) {
  const rows = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), lt(orders.createdAt, placedBefore)))
    .orderBy(orders.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Records the card's country as the order's second piece of location evidence (stripe-sync). */
export async function recordEvidenceCardCountry(executor: Executor, orderId: string, country: string) {
  await executor.update(orders).set({ evidenceCardCountry: country }).where(eq(orders.id, orderId));
}
