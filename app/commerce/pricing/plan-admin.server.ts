import { isUniqueViolation } from "~/accounts/profiles/profiles.server";
import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { fail, ok, type Result } from "~/platform/result";
import type { PlanAdminRefusal, PlanForm, TierForm, TierPricesForm } from "./plan-admin";
import {
  countTiersOfPlan,
  deleteTierRow,
  findTierOfPlan,
  insertTier,
  lockPlan,
  replaceTierPrices,
  updatePlanRow,
  updateTierRow,
} from "./plan-admin.queries.server";
import type { PlanCategory } from "./plans";

/**
 * Staff edit plans and tiers. Orders copy every amount when they are placed, so nothing here
 * reaches an existing order; the pricing page and new checkouts see the change at once. Their forms
 * are read (with `PlanFormSchema`, `TierFormSchema`) by the staff route.
 */
export type PlanAdminResult = Result<null, "not_found" | PlanAdminRefusal>;

export async function updatePlan(input: {
  category: PlanCategory;
  plan: PlanForm;
  actorId: string;
}): Promise<PlanAdminResult> {
  return db().transaction(async (tx) => {
    const before = await lockPlan(tx, input.category);
    if (!before) return fail("not_found");
    const after = await updatePlanRow(tx, input.category, input.plan);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "plan.update",
      targetType: "plan",
      targetId: input.category,
      before,
      after,
    });
    return ok(null);
  });
}

export async function addTier(input: {
  category: PlanCategory;
  tier: TierForm;
  actorId: string;
}): Promise<PlanAdminResult> {
  return db().transaction(async (tx) => {
    if (!(await lockPlan(tx, input.category))) return fail("not_found");
    const tier = await insertTier(tx, { planCategory: input.category, ...input.tier });
    if (!tier) return fail("downloads_taken");
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "plan.add_tier",
      targetType: "plan",
      targetId: input.category,
      after: tier,
    });
    return ok(null);
  });
}

export async function updateTier(input: {
  category: PlanCategory;
  tierId: number;
  tier: TierForm;
  actorId: string;
}): Promise<PlanAdminResult> {
  try {
    return await db().transaction(async (tx) => {
      if (!(await lockPlan(tx, input.category))) return fail("not_found");
      const before = await findTierOfPlan(tx, input.category, input.tierId);
      if (!before) return fail("not_found");
      const after = await updateTierRow(tx, before.id, input.tier);
      await recordAudit(tx, {
        actorId: input.actorId,
        action: "plan.update_tier",
        targetType: "plan",
        targetId: input.category,
        before,
        after,
      });
      return ok(null);
    });
  } catch (error) {
    if (isUniqueViolation(error, "pricing_tiers_plan_downloads")) return fail("downloads_taken");
    throw error;
  }
}

export async function removeTier(input: {
  category: PlanCategory;
  tierId: number;
  actorId: string;
}): Promise<PlanAdminResult> {
  return db().transaction(async (tx) => {
    if (!(await lockPlan(tx, input.category))) return fail("not_found");
    const before = await findTierOfPlan(tx, input.category, input.tierId);
    if (!before) return fail("not_found");
    if ((await countTiersOfPlan(tx, input.category)) <= 1) return fail("last_tier");
    await deleteTierRow(tx, before.id);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "plan.remove_tier",
      targetType: "plan",
      targetId: input.category,
      before,
    });
    return ok(null);
  });
}

/** Sets a tier's prices in the other currencies (empty: the tier is not sold in that currency). */
export async function setTierPrices(input: {
  category: PlanCategory;
  tierId: number;
  prices: TierPricesForm;
  actorId: string;
}): Promise<PlanAdminResult> {
  return db().transaction(async (tx) => {
    if (!(await lockPlan(tx, input.category))) return fail("not_found");
    const tier = await findTierOfPlan(tx, input.category, input.tierId);
    if (!tier) return fail("not_found");
    const { before, after } = await replaceTierPrices(tx, tier.id, input.prices);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "plan.set_tier_prices",
      targetType: "plan",
      targetId: input.category,
      before: { tierId: tier.id, prices: before },
      after: { tierId: tier.id, prices: after },
    });
    return ok(null);
  });
}

/** The staff plans page lists every plan and tier, on sale or not. */
export { listAllPlans } from "./plan-admin.queries.server";
