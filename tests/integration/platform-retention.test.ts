import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applyRetention } from "~/platform/retention.server";
import { rateLimits } from "~/platform/schema.server";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

describe("data retention", () => {
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
