import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderStatus } from "~/commerce/plans";
import { orders } from "~/commerce/schema.server";
import { applyRetention } from "~/platform/retention.server";
import { rateLimits } from "~/platform/schema.server";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

const order = (key: string, createdAt: Date, status: OrderStatus = "awaiting_payment") => ({
  idempotencyKey: key,
  planCategory: "pro" as const,
  licenseKind: "extended" as const,
  billing: "monthly" as const,
  downloads: 0,
  unitPriceCents: 50_000,
  subtotalCents: 50_000,
  vatRateBps: 1900,
  vatAmountCents: 9_500,
  totalCents: 59_500,
  email: "buyer@example.com",
  country: "CY",
  status,
  createdAt,
});

describe("data retention", () => {
  it("deletes unpaid orders after twelve months and keeps newer or paid ones", async () => {
    const now = new Date("2026-11-01T00:00:00Z");
    await database.db
      .insert(orders)
      .values([
        order("old-pending", new Date("2025-10-01T00:00:00Z")),
        order("new-pending", new Date("2026-01-01T00:00:00Z")),
        order("old-paid", new Date("2025-10-01T00:00:00Z"), "paid"),
      ]);
    const deleted = await applyRetention(now);
    expect(deleted.unpaidOrders).toBe(1);
    const left = await database.db.execute<{ key: string }>(
      sql`select idempotency_key as key from orders order by key`,
    );
    expect(left.rows.map((row) => row.key)).toEqual(["new-pending", "old-paid"]);
  });

  it("deletes rate-limit windows older than two days", async () => {
    const now = new Date();
    const seconds = Math.floor(now.getTime() / 1000);
    await database.db.insert(rateLimits).values([
      { key: "old", windowStart: seconds - 3 * 86_400, count: 1 },
      { key: "recent", windowStart: seconds - 60, count: 1 },
    ]);
    await applyRetention(now);
    const left = await database.db.execute<{ key: string }>(sql`select key from rate_limits`);
    expect(left.rows.map((row) => row.key)).toEqual(["recent"]);
  });
});
