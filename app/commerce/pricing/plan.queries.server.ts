import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor, preparedQuery } from "~/platform/db/client.server";
import { pricingPlans, pricingTierPrices, pricingTiers, promoCodes } from "../schema.server";
import type { PlanCategory, PlanView } from "./plans";

const activePlansQuery = preparedQuery((database) =>
  database
    .select({
      category: pricingPlans.category,
      title: pricingPlans.title,
      badge: pricingPlans.badge,
      licenseKind: pricingPlans.licenseKind,
      subtitle: pricingPlans.subtitle,
      perks: pricingPlans.perks,
      tiers: sql<
        PlanView["tiers"]
      >`coalesce(json_agg(json_build_object('id', ${pricingTiers.id}, 'downloads', ${pricingTiers.downloads}, 'priceCents', ${pricingTiers.priceCents}, 'prices', (select coalesce(json_object_agg(${pricingTierPrices.currency}, ${pricingTierPrices.priceMinor}), '{}') from ${pricingTierPrices} where ${pricingTierPrices.tierId} = ${pricingTiers.id})) order by ${pricingTiers.displayOrder}, ${pricingTiers.id}) filter (where ${pricingTiers.id} is not null), '[]')`,
    })
    .from(pricingPlans)
    .leftJoin(pricingTiers, eq(pricingTiers.planCategory, pricingPlans.category))
    .where(eq(pricingPlans.isActive, true))
    .groupBy(pricingPlans.category)
    .orderBy(asc(pricingPlans.displayOrder))
    .prepare("active_plans"),
);

/** Active plans in display order, each with its tiers in display order, in one round trip. */
export async function listActivePlans(): Promise<PlanView[]> {
  return activePlansQuery().execute();
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
