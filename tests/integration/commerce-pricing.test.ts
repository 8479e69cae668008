import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { CHECKOUT_RATE_LIMITED_MESSAGE } from "~/commerce/checkout/checkout-schema";
import { listPlanTitlesByLicense } from "~/commerce/pricing/plans.server";
import { action as pricingAction, loader as pricingLoader } from "~/commerce/routes/pricing";
import { pricingTiers } from "~/commerce/schema.server";
import { loader as licensingLoader } from "~/content/routes/licensing";
import { loader as termsLoader } from "~/content/routes/terms";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import {
  allOrders,
  choosePlan,
  findTierId,
  getPage,
  postForm,
  routeArgs,
  settle,
  submitCheckout,
} from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

describe("plans named on the licensing and terms pages", () => {
  it("the plan titles that grant each license come from the active plans, in display order", async () => {
    expect(await listPlanTitlesByLicense()).toEqual({ standard: ["Creator"], extended: ["Business", "Pro"] });
  });

  it("a renamed or withdrawn plan is named as the plan table says", async () => {
    await database.db.execute(sql`update pricing_plans set title = 'Studio' where category = 'pro'`);
    await database.db.execute(sql`update pricing_plans set is_active = false where category = 'business'`);
    try {
      const expected = { plans: { standard: ["Creator"], extended: ["Studio"] } };
      expect(await licensingLoader()).toMatchObject(expected);
      expect(await termsLoader()).toMatchObject(expected);
    } finally {
      await database.db.execute(sql`update pricing_plans set title = 'Pro' where category = 'pro'`);
      await database.db.execute(sql`update pricing_plans set is_active = true where category = 'business'`);
    }
  });

  it("a license that no active plan grants keeps the plan names as written", async () => {
    await database.db.execute(
      sql`update pricing_plans set is_active = false where license_kind = 'standard'`,
    );
    try {
      expect(await listPlanTitlesByLicense()).toEqual({ standard: [], extended: ["Business", "Pro"] });
      expect((await licensingLoader()).plans).toEqual({
        standard: ["Creator"],
        extended: ["Business", "Pro"],
      });
    } finally {
      await database.db.execute(
        sql`update pricing_plans set is_active = true where license_kind = 'standard'`,
      );
    }
  });
});

describe("pricing", () => {
  it("lists the active plans in display order with their tiers", async () => {
    const { plans, loadFailed } = await pricingLoader(routeArgs(getPage("/pricing")));
    expect(loadFailed).toBe(false);
    expect(plans.map((plan) => plan.category)).toEqual(["creator", "business", "pro"]);
    expect(plans[0]!.tiers.map((tier) => [tier.downloads, tier.priceCents])).toEqual([
      [5, 4_900],
      [10, 8_900],
      [25, 19_900],
    ]);
    expect(plans[2]!.tiers.map((tier) => tier.downloads)).toEqual([0]);
  });

  it("reads the plans with their tiers in one round trip; a plan without tiers has none", async () => {
    const proTiers = await database.db
      .delete(pricingTiers)
      .where(eq(pricingTiers.planCategory, "pro"))
      .returning();
    const queries = vi.spyOn(pg.Client.prototype, "query");
    try {
      const { plans } = await pricingLoader(routeArgs(getPage("/pricing")));
      expect(queries).toHaveBeenCalledTimes(1);
      expect(plans.find((plan) => plan.category === "pro")!.tiers).toEqual([]);
      expect(plans[0]!.tiers[0]).toEqual({
        id: expect.any(Number),
        downloads: 5,
        priceCents: 4_900,
        currency: "EUR",
      });
    } finally {
      queries.mockRestore();
      await database.db.insert(pricingTiers).values(proTiers);
    }
  });

  it("leaves out an inactive plan", async () => {
    await database.db.execute(sql`update pricing_plans set is_active = false where category = 'business'`);
    try {
      const { plans } = await pricingLoader(routeArgs(getPage("/pricing")));
      expect(plans.map((plan) => plan.category)).toEqual(["creator", "pro"]);
      // And it cannot be bought any more either.
      const tierId = await findTierId("business");
      const chosen = await settle(() =>
        pricingAction(
          routeArgs(
            postForm("/pricing", { category: "business", tierId: String(tierId), billing: "one_time" }),
          ),
        ),
      );
      expect(chosen.status).toBe(400);
    } finally {
      await database.db.execute(sql`update pricing_plans set is_active = true where category = 'business'`);
    }
  });

  it("when the plans cannot be loaded the page says so instead of going blank", async () => {
    await database.db.execute(sql`alter table pricing_plans rename to pricing_plans_away`);
    try {
      const result = await pricingLoader(routeArgs(getPage("/pricing")));
      expect(result).toEqual({
        plans: [],
        loadFailed: true,
        clip: null,
        currency: "EUR",
        messages: expect.any(Object),
      });
    } finally {
      await database.db.execute(sql`alter table pricing_plans_away rename to pricing_plans`);
    }
  });

  it.each([
    ["a tier of another plan", "creator", "business", "one_time"],
    ["annual billing for a download pack", "creator", "creator", "annual"],
    ["one-time billing for pro", "pro", "pro", "one_time"],
  ])("refuses %s", async (_name, category, tierOf, billing) => {
    const tierId = await findTierId(tierOf as "creator");
    const chosen = await settle(() =>
      pricingAction(routeArgs(postForm("/pricing", { category, tierId: String(tierId), billing }))),
    );
    expect(chosen.status).toBe(400);
    expect(chosen.setCookie).toBeNull();
  });
});

describe("checkout submissions are rate-limited per client", () => {
  it("past the limit a submit is refused with a clear message and places nothing", async () => {
    const ip = "203.0.113.77";
    const cookie = await choosePlan("creator", { clientIp: ip });
    // Invalid submits count too (no terms): nothing is stored by them.
    for (let i = 0; i < RATE_LIMIT_POLICIES.checkout.perIp.limit; i++) {
      expect((await submitCheckout(cookie, { terms: "" }, ip)).status).toBe(400);
    }
    const refused = await submitCheckout(cookie, {}, ip);
    expect(refused.status).toBe(429);
    expect(refused.data?.formError).toBe(CHECKOUT_RATE_LIMITED_MESSAGE);
    expect(await allOrders()).toHaveLength(0);
    // Another buyer is not affected.
    expect((await submitCheckout(await choosePlan("creator"), {}, "203.0.113.78")).location).toBe(
      "/checkout/success",
    );
  });
});
