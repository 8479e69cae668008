import { and, asc, eq } from "drizzle-orm";
import { db, schema } from "~/platform/db/client.server";
import type { PlanCategory, PlanView } from "./plans";

/** Active plans in display order, each with its tiers in display order (SPEC section 7, Plans). */
export async function listActivePlans(): Promise<PlanView[]> {
  const plans = await db()
    .select()
    .from(schema.pricingPlans)
    .where(eq(schema.pricingPlans.isActive, true))
    .orderBy(asc(schema.pricingPlans.displayOrder));
  if (plans.length === 0) return [];
  const tiers = await db()
    .select()
    .from(schema.pricingTiers)
    .orderBy(asc(schema.pricingTiers.displayOrder), asc(schema.pricingTiers.id));
  return plans.map((plan) => ({
    category: plan.category,
    title: plan.title,
    badge: plan.badge,
    licenseKind: plan.licenseKind,
    subtitle: plan.subtitle,
    perks: plan.perks,
    tiers: tiers
      .filter((tier) => tier.planCategory === plan.category)
      .map((tier) => ({ id: tier.id, downloads: tier.downloads, priceCents: tier.priceCents })),
  }));
}

export interface PricedTier {
  category: PlanCategory;
  title: string;
  licenseKind: PlanView["licenseKind"];
  tierId: number;
  downloads: number;
  priceCents: number;
}

/** A tier of an active plan, or null: what the server prices an order from. */
export async function findActiveTier(category: PlanCategory, tierId: number): Promise<PricedTier | null> {
  const rows = await db()
    .select({
      category: schema.pricingPlans.category,
      title: schema.pricingPlans.title,
      licenseKind: schema.pricingPlans.licenseKind,
      tierId: schema.pricingTiers.id,
      downloads: schema.pricingTiers.downloads,
      priceCents: schema.pricingTiers.priceCents,
    })
    .from(schema.pricingTiers)
    .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.category, schema.pricingTiers.planCategory))
    .where(
      and(
        eq(schema.pricingTiers.id, tierId),
        eq(schema.pricingTiers.planCategory, category),
        eq(schema.pricingPlans.isActive, true),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** An active promo code by its (uppercase) code (SPEC section 7, Promo lookup). */
export async function findActivePromoCode(code: string) {
  const rows = await db()
    .select()
    .from(schema.promoCodes)
    .where(and(eq(schema.promoCodes.code, code), eq(schema.promoCodes.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}
