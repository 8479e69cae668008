import { and, asc, count, eq } from "drizzle-orm";
import type { Currency } from "~/payments/currencies";
import { db, type Executor } from "~/platform/db/client.server";
import { pricingPlans, pricingTierPrices, pricingTiers } from "../schema.server";
import type { PlanCategory } from "./plans";

export type PlanRow = typeof pricingPlans.$inferSelect;
export type TierRow = typeof pricingTiers.$inferSelect;

/** Every plan (active or not) with its tiers, in display order. */
export async function listAllPlans() {
  const [plans, tiers, prices] = await Promise.all([
    db().select().from(pricingPlans).orderBy(asc(pricingPlans.displayOrder)),
    db().select().from(pricingTiers).orderBy(asc(pricingTiers.displayOrder), asc(pricingTiers.id)),
    db().select().from(pricingTierPrices),
  ]);
  return plans.map((plan) => ({
    ...plan,
    tiers: tiers
      .filter((tier) => tier.planCategory === plan.category)
      .map((tier) => ({
        ...tier,
        prices: Object.fromEntries(
          prices
            .filter((price) => price.tierId === tier.id)
            .map((price) => [price.currency, price.priceMinor]),
        ) as Partial<Record<Currency, number>>,
      })),
  }));
}

export async function lockPlan(tx: Executor, category: PlanCategory) {
  const rows = await tx
    .select()
    .from(pricingPlans)
    .where(eq(pricingPlans.category, category))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

export async function updatePlanRow(tx: Executor, category: PlanCategory, values: Partial<PlanRow>) {
  const [row] = await tx
    .update(pricingPlans)
    .set(values)
    .where(eq(pricingPlans.category, category))
    .returning();
  return row!;
}

export async function findTierOfPlan(tx: Executor, category: PlanCategory, tierId: number) {
  const rows = await tx
    .select()
    .from(pricingTiers)
    .where(and(eq(pricingTiers.id, tierId), eq(pricingTiers.planCategory, category)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countTiersOfPlan(tx: Executor, category: PlanCategory) {
  const [row] = await tx
    .select({ value: count() })
    .from(pricingTiers)
    .where(eq(pricingTiers.planCategory, category));
  return row?.value ?? 0;
}

export async function insertTier(tx: Executor, row: typeof pricingTiers.$inferInsert) {
  const [inserted] = await tx.insert(pricingTiers).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateTierRow(tx: Executor, id: number, values: Partial<TierRow>) {
  const [row] = await tx.update(pricingTiers).set(values).where(eq(pricingTiers.id, id)).returning();
  return row!;
}

export async function deleteTierRow(tx: Executor, id: number) {
  await tx.delete(pricingTiers).where(eq(pricingTiers.id, id));
}

/** A tier's prices in other currencies, replaced as a whole: a currency left empty is not sold in. */
export async function replaceTierPrices(
  tx: Executor,
  tierId: number,
  prices: Partial<Record<Currency, number | null>>,
) {
  const before = await tx.select().from(pricingTierPrices).where(eq(pricingTierPrices.tierId, tierId));
  await tx.delete(pricingTierPrices).where(eq(pricingTierPrices.tierId, tierId));
  const rows = Object.entries(prices)
    .filter((entry): entry is [Currency, number] => entry[1] !== null && entry[1] !== undefined)
    .map(([currency, priceMinor]) => ({ tierId, currency, priceMinor }));
  if (rows.length > 0) await tx.insert(pricingTierPrices).values(rows);
  return { before, after: rows };
}
