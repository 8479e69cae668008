import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { limitApiRequest } from "~/api/keys/rate-limits.server";
import { reserveRateLimitBlocks } from "~/platform/http/rate-limit.queries.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { RateLimitReservations, type ReserveBlocks } from "~/platform/http/rate-limit-reservations.server";
import { useTestDatabase } from "../setup/database";
import { withinOneMinuteWindow } from "../support/rate-limit-window";

const database = useTestDatabase();

/** Every row written to rate_limits (insert or update), by key: what the database was asked to write. */
beforeAll(async () => {
  await database.db.execute(sql`
    create table rate_limit_writes (key text not null);
    create function log_rate_limit_write() returns trigger language plpgsql as $$
      begin insert into rate_limit_writes values (new.key); return new; end $$;
    create trigger rate_limit_writes after insert or update on rate_limits
      for each row execute function log_rate_limit_write();`);
});

async function writesByKey(prefix: string) {
  const result = await database.db.execute<{ key: string; writes: number }>(
    sql`select key, count(*)::int as writes from rate_limit_writes where starts_with(key, ${prefix}) group by key order by key`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.key, row.writes]));
}

/** A reservation function that counts its calls (one call is one statement, one transaction). */
function counting(reserve: ReserveBlocks = reserveRateLimitBlocks) {
  const counter = {
    calls: 0,
    reserve: ((blocks) => {
      counter.calls += 1;
      return reserve(blocks);
    }) as ReserveBlocks,
  };
  return counter;
}

/** Reservations made ahead go out in batches a few tens of milliseconds apart: lets any be sent. */
const aheadSent = () => new Promise((resolve) => setTimeout(resolve, 150));

describe("the API's rate limits", () => {
  it("write each key's window once for a key's first 30 requests, not once per request and rule", async () => {
    await withinOneMinuteWindow();
    const verdicts = [];
    for (let n = 0; n < 30; n++)
      verdicts.push(
        await limitApiRequest({ keyId: "key-once", userId: "owner-once", clientIp: "10.40.0.1" }),
      );
    expect(verdicts.every((verdict) => verdict.allowed)).toBe(true);
    expect(verdicts.map((verdict) => verdict.remaining).slice(-2)).toEqual([571, 570]);
    expect({
      ...(await writesByKey("api-key:key:key-once")),
      ...(await writesByKey("api-key:account:owner-once")),
      ...(await writesByKey("api-key:ip:10.40.0.1")),
    }).toEqual({
      "api-key:key:key-once": 1,
      "api-key:account:owner-once": 1,
      "api-key:ip:10.40.0.1": 1,
    });
  });

  it("refuse request N+1 of a window across two processes sharing the database, and the refusals write nothing", async () => {
    const rule = { name: "test-two-nodes", limit: 10, windowSeconds: 3600, reserved: true as const };
    const nodes = [counting(), counting()].map((counter) => ({
      counter,
      limiter: new RateLimitReservations(counter.reserve),
    }));
    const hit = async (node: number) => (await nodes[node]!.limiter.hit([{ rule, subject: "k" }]))[0]!;
    const allowed: boolean[] = [];
    for (let n = 0; n < 14; n++) allowed.push((await hit(n % 2)).allowed);
    // A node refused while the other still held a reserved hit lets it through on the next turn: ten in all.
    expect(allowed.filter(Boolean)).toHaveLength(10);
    const writes = nodes[0]!.counter.calls + nodes[1]!.counter.calls;
    for (let n = 0; n < 6; n++) expect(await hit(n % 2)).toMatchObject({ allowed: false, remaining: 0 });
    expect(nodes[0]!.counter.calls + nodes[1]!.counter.calls).toBe(writes);
  });

  it("let two processes hammering one key at once through no more than its limit together", async () => {
    const rule = { name: "test-concurrent-nodes", limit: 200, windowSeconds: 3600, reserved: true as const };
    const nodes = [new RateLimitReservations(), new RateLimitReservations()];
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, n) => nodes[n % 2]!.hit([{ rule, subject: "k" }])),
    );
    const allowed = results.filter(([result]) => result!.allowed).length;
    expect(allowed).toBeLessThanOrEqual(200);
    // The node that runs out first leaves at most its last block (a quarter of the limit) unspent.
    expect(allowed).toBeGreaterThanOrEqual(150);
  });

  it("cost a steady key one write a window: the first block covers what the process spent in the last window", async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const counter = counting();
    const limiter = new RateLimitReservations(counter.reserve, () => now);
    const { perUser, perKey, perIp } = RATE_LIMIT_POLICIES.api_key;
    const pairs = [
      { rule: perUser, subject: "steady-owner" },
      { rule: perKey, subject: "steady-key" },
      { rule: perIp, subject: "10.40.0.2" },
    ];
    for (let n = 0; n < 200; n++) await limiter.hit(pairs);
    const firstWindow = counter.calls;
    expect(firstWindow).toBeGreaterThan(1);
    now += 60_000;
    for (let n = 0; n < 200; n++)
      expect((await limiter.hit(pairs)).every((result) => result.allowed)).toBe(true);
    await aheadSent();
    expect(counter.calls - firstWindow).toBe(1);
    const [account] = await limiter.hit(pairs);
    // Alone on the key, the process knows its remaining budget exactly: 600 less the 201 spent.
    expect(account!.remaining).toBe(399);
  });

  it("reserve a key's next window in this window's last seconds, so no hit waits when every window ends at once", async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 50);
    const counter = counting();
    const limiter = new RateLimitReservations(counter.reserve, () => now);
    const rule = { ...RATE_LIMIT_POLICIES.api_key.perKey, name: "test-next-window" };
    await limiter.hit([{ rule, subject: "k" }]);
    expect(counter.calls).toBe(1);
    now += 6_000; // 4 s before the window ends
    await limiter.hit([{ rule, subject: "k" }]);
    await aheadSent();
    expect(counter.calls).toBe(2);
    now += 5_000; // the next window
    const reservationsBefore = counter.calls;
    const [result] = await limiter.hit([{ rule, subject: "k" }]);
    expect(result).toMatchObject({ allowed: true, retryAfterSeconds: 59 });
    expect(counter.calls).toBe(reservationsBefore);
    expect(await writesByKey("test-next-window:k")).toEqual({ "test-next-window:k": 2 });
  });

  it("give a key that speeds up its next block before it runs out, in one statement for many keys", async () => {
    const now = Date.UTC(2026, 0, 1, 12, 1, 0);
    const counter = counting();
    const limiter = new RateLimitReservations(counter.reserve, () => now);
    const rule = { ...RATE_LIMIT_POLICIES.api_key.perKey, name: "test-speeding-up" };
    const keys = ["a", "b", "c"];
    // Each key's first block (30) runs out: the hit waits for the second, once.
    for (let n = 0; n < 31; n++) for (const key of keys) await limiter.hit([{ rule, subject: key }]);
    const afterGrowth = counter.calls;
    // Spending the second block (30) down to a third left sends all three keys' next blocks ahead, together.
    for (let n = 0; n < 21; n++) for (const key of keys) await limiter.hit([{ rule, subject: key }]);
    await aheadSent();
    expect(counter.calls).toBe(afterGrowth + 1);
    const waitsBefore = counter.calls;
    for (let n = 0; n < 20; n++) for (const key of keys) await limiter.hit([{ rule, subject: key }]);
    expect(counter.calls).toBe(waitsBefore);
  });

  it("state a refusal truthfully: no requests left, and a retry when the window ends", async () => {
    await withinOneMinuteWindow();
    const subject = { keyId: null, userId: null, clientIp: "10.40.0.3" };
    const { limit } = RATE_LIMIT_POLICIES.api_anonymous.perIp;
    for (let n = 0; n < limit; n++) expect((await limitApiRequest(subject)).allowed).toBe(true);
    const refused = await limitApiRequest(subject);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit });
    const secondsLeft = 60 - (Math.floor(Date.now() / 1000) % 60);
    expect(Math.abs(refused.resetSeconds - secondsLeft)).toBeLessThanOrEqual(1);
  });
});
