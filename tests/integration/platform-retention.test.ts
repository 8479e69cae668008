import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hitRateLimit, sweepEndedRateLimitWindows } from "~/platform/http/rate-limit.server";
import { RATE_LIMIT_POLICIES, RATE_LIMIT_RULES } from "~/platform/http/rate-limit-policies";
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

  it("drops a rate-limit count once its window has ended, and keeps the counts of windows still running", async () => {
    await database.db.execute(sql`delete from rate_limits`);
    const now = new Date();
    const seconds = Math.floor(now.getTime() / 1000);
    const minute = RATE_LIMIT_POLICIES.api_anonymous.perIp; // a 60 s window
    const day = RATE_LIMIT_POLICIES.api_key_create.perUser; // a day's window
    await database.db.insert(rateLimits).values([
      { key: `${minute.name}:203.0.113.1`, windowStart: seconds - 120, count: 5 },
      { key: `${day.name}:user-1`, windowStart: seconds - 3_600, count: 2 },
      { key: "renamed-rule:203.0.113.1", windowStart: seconds - 120, count: 1 },
    ]);
    await hitRateLimit(minute, "203.0.113.2");
    expect(await sweepEndedRateLimitWindows(RATE_LIMIT_RULES, now)).toBe(1);
    const left = await database.db.execute<{ key: string }>(sql`select key from rate_limits order by key`);
    expect(left.rows.map((row) => row.key)).toEqual([
      `${minute.name}:203.0.113.2`,
      `${day.name}:user-1`,
      "renamed-rule:203.0.113.1",
    ]);
    // A minute later the running window has ended too.
    expect(await sweepEndedRateLimitWindows(RATE_LIMIT_RULES, new Date(now.getTime() + 61_000))).toBe(1);
  });
});
