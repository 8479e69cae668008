import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tierPriceMessage } from "~/commerce/pricing/plan-admin";
import { pricingTierPrices } from "~/commerce/schema.server";
import { exchangeRates } from "~/payments/schema.server";
import { listAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { action as plansAction, loader as plansLoader } from "~/staff/routes/plans";
import { findTierId } from "../factories/commerce";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();
let developer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  developer = await signedIn("developer");
});

const priceOf = async (tierId: number, currency: "USD" | "GBP" | "CHF" | "JPY") =>
  (
    await db()
      .select()
      .from(pricingTierPrices)
      .where(and(eq(pricingTierPrices.tierId, tierId), eq(pricingTierPrices.currency, currency)))
  )[0]?.priceMinor;

describe("tier prices per currency in the console", () => {
  it("suggests each tier's price from the newest rate at a price point, and warns when rates are stale", async () => {
    const page = await load(plansLoader, "/staff/plans", developer.cookie);
    const data = page.data as {
      suggestions: Record<number, Record<string, number>>;
      rates: { date: string; stale: boolean };
    };
    const tierId = await findTierId("creator", 10);
    // €89.00: $96.23 → $99, £75.84 → £79, CHF 83.50 → CHF 89, ¥14,449 → ¥14,500.
    expect(data.suggestions[tierId]).toEqual({ USD: 9_900, GBP: 7_900, CHF: 8_900, JPY: 14_500 });
    expect(data.rates.date).toBe(
      (await db().select().from(exchangeRates).orderBy(exchangeRates.rateDate)).at(-1)!.rateDate,
    );
    // The seed's day (2026-11-27) is more than four days before any day this test runs after 2026-12-01.
    expect(data.rates.stale).toBe(
      Date.now() - Date.parse(`${data.rates.date}T00:00:00Z`) > 4 * 24 * 3600 * 1000,
    );
  });

  it("saves a tier's prices typed in each currency; an empty one stops selling in it", async () => {
    const tierId = await findTierId("creator", 5);
    const result = await post(
      plansAction,
      "/staff/plans",
      {
        intent: "set-tier-prices",
        category: "creator",
        tierId: String(tierId),
        price_USD: "64.99",
        price_GBP: "",
        price_CHF: "59",
        price_JPY: "9900",
      },
      developer.cookie,
    );
    expect(result.status).toBe(302);
    expect(await priceOf(tierId, "USD")).toBe(6_499);
    expect(await priceOf(tierId, "GBP")).toBeUndefined();
    expect(await priceOf(tierId, "CHF")).toBe(5_900);
    expect(await priceOf(tierId, "JPY")).toBe(9_900);
    const [entry] = await listAudit({ targetType: "plan", targetId: "creator" }, 1);
    expect(entry).toMatchObject({ action: "plan.set_tier_prices" });
  });

  it("refuses a price that is not an amount, too many decimals, yen with decimals, a NUL or a huge one, in words", async () => {
    const tierId = String(await findTierId("creator", 5));
    for (const [field, value, currency] of [
      ["price_USD", "12.345", "USD"],
      ["price_USD", "-5", "USD"],
      ["price_GBP", "1e5", "GBP"],
      ["price_JPY", "99.5", "JPY"],
      ["price_CHF", "5\u00009", "CHF"],
      ["price_JPY", "999999999", "JPY"],
    ] as const) {
      const refused = await post(
        plansAction,
        "/staff/plans",
        { intent: "set-tier-prices", category: "creator", tierId, [field]: value },
        developer.cookie,
      );
      expect(refused.status, `${field}=${value}`).toBe(400);
      // A NUL is refused before the form is read, by the forms' own guard (with its own sentence).
      if (!value.includes("\u0000"))
        expect(JSON.stringify(refused.data)).toContain(tierPriceMessage(currency).slice(0, 30));
    }
    expect(await priceOf(Number(tierId), "USD")).toBe(6_499);
  });
});
