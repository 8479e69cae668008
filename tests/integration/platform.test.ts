import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { orders, promoCodes } from "~/commerce/schema.server";
import { db } from "~/platform/db/client.server";
import { hitRateLimit, hitRateLimits } from "~/platform/http/rate-limit.server";
import { DEMO_NICHES } from "../../server/seed/demo-content";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

/** The error PostgreSQL gives for a row that breaks the named check constraint (drizzle keeps it as the cause). */
const violated = (constraint: string) => ({ cause: { code: "23514", constraint } });

describe("database constraints", () => {
  it("the six niches each have the sub-niches the catalogue defines, none lost or doubled", async () => {
    const rows = await database.db.execute<{ niche_id: string; names: string[] }>(
      sql`select niche_id, array_agg(name order by name) as names from sub_niches group by niche_id order by niche_id`,
    );
    const expected = [...DEMO_NICHES]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((niche) => [niche.id, [...niche.subNiches].sort()]);
    expect(expected).toHaveLength(6);
    expect(rows.rows.map((row) => [row.niche_id, [...row.names].sort()])).toEqual(expected);
  });

  it("refuses a promo code that is not uppercase", async () => {
    await expect(
      database.db.insert(promoCodes).values({ code: "lower", type: "percent", value: 10 }),
    ).rejects.toMatchObject(violated("promo_codes_uppercase"));
  });

  it("refuses a percent promo above 100", async () => {
    await expect(
      database.db.insert(promoCodes).values({ code: "TOOMUCH", type: "percent", value: 101 }),
    ).rejects.toMatchObject(violated("promo_codes_value"));
  });

  it("refuses an order whose total does not add up", async () => {
    await expect(
      database.db.insert(orders).values({
        idempotencyKey: "bad-total",
        planCategory: "pro",
        licenseKind: "extended",
        billing: "monthly",
        downloads: 0,
        unitPriceCents: 50_000,
        subtotalCents: 50_000,
        vatRateBps: 1900,
        vatAmountCents: 9_500,
        totalCents: 1,
        email: "a@b.co",
        country: "CY",
      }),
    ).rejects.toMatchObject(violated("orders_amounts"));
  });
});

describe("rate limits", () => {
  it("allows hits up to the limit within a window and refuses the next", async () => {
    const rule = { name: "test", limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(rule, "1.2.3.4"));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
  });

  it("counts concurrent hits exactly once each", async () => {
    const rule = { name: "test-concurrent", limit: 1000, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(rule, "ip")));
    const remaining = results.map((result) => result.remaining).sort((a, b) => a - b);
    expect(remaining[0]).toBe(960);
    expect(new Set(remaining).size).toBe(40);
  });

  it("counts a request's several rules in one statement, each against its own limit", async () => {
    const perKey = { name: "test-key", limit: 2, windowSeconds: 60 };
    const perUser = { name: "test-user", limit: 5, windowSeconds: 3600 };
    const statements = vi.spyOn(db(), "execute");
    const first = await hitRateLimits([
      { rule: perKey, subject: "k1" },
      { rule: perUser, subject: "u1" },
    ]);
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    expect(first.map((result) => result.remaining)).toEqual([1, 4]);
    await hitRateLimits([{ rule: perKey, subject: "k1" }]);
    const third = await hitRateLimits([
      { rule: perKey, subject: "k1" },
      { rule: perUser, subject: "u1" },
    ]);
    expect(third.map((result) => result.allowed)).toEqual([false, true]);
  });

  it("requests sharing rules in opposite orders, all at once, are each counted once and never deadlock", async () => {
    const a = { name: "test-order-a", limit: 1000, windowSeconds: 60 };
    const b = { name: "test-order-b", limit: 1000, windowSeconds: 60 };
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        hitRateLimits(
          index % 2
            ? [
                { rule: a, subject: "x" },
                { rule: b, subject: "x" },
              ]
            : [
                { rule: b, subject: "x" },
                { rule: a, subject: "x" },
              ],
        ),
      ),
    );
    const [afterA, afterB] = await hitRateLimits([
      { rule: a, subject: "x" },
      { rule: b, subject: "x" },
    ]);
    expect([afterA!.remaining, afterB!.remaining]).toEqual([969, 969]);
  });
});
