import { and, asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import type { PlanCategory, PlanView } from "./plans";
import { pricingPlans, pricingTiers, promoCodes } from "./schema.server";

/** Active plans in display order, each with its tiers in display order. */
export async function listActivePlans(): Promise<PlanView[]> {
  const plans = await db()
    .select()
    .from(pricingPlans)
    .where(eq(pricingPlans.isActive, true))
    .orderBy(asc(pricingPlans.displayOrder));
  if (plans.length === 0) return [];
  const tiers = await db()
    .select()
    .from(pricingTiers)
    .orderBy(asc(pricingTiers.displayOrder), asc(pricingTiers.id));
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

/** Each active plan's title and the license it grants, in display order. */
export async function listActivePlanLicenses() {
  return db()
    .select({ title: pricingPlans.title, licenseKind: pricingPlans.licenseKind })
    .from(pricingPlans)
    .where(eq(pricingPlans.isActive, true))
    .orderBy(asc(pricingPlans.displayOrder));
}

/** An active promo code by its (uppercase) code. */
export async function findActivePromoCode(code: string) {
  const rows = await db()
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), eq(promoCodes.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** A plan's title (mails name the plan). */
export async function findPlanTitle(category: PlanCategory, executor: Executor = db()) {
  const rows = await executor
    .select({ title: pricingPlans.title })
    .from(pricingPlans)
    .where(eq(pricingPlans.category, category));
  return rows[0]?.title ?? null;
}
