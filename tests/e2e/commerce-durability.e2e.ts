import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  buyerIp,
  connectToServerDatabase,
  placeOrderOverHttp,
  startOrderServer,
} from "../support/commerce-http";
import type { ServerProcess } from "../support/server-process";

const CLIENTS = 8;
/** Kill once this many orders were confirmed: enough that more are surely in flight. */
const CONFIRMED_BEFORE_KILL = 40;

describe("orders survive a crash", () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (servers[0]) rmSync(servers[0].dataDir, { recursive: true, force: true });
  });

  it("after kill -9 mid-stream and a restart, every order confirmed to a client is in the database", async () => {
    const { server, tiers } = await startOrderServer();
    servers.push(server);

    const confirmed: string[] = [];
    let failed = 0;
    let next = 0;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const n = next++;
        const tier = tiers[n % tiers.length]!;
        const email = `stream-${n}@durability.test`;
        try {
          await placeOrderOverHttp(server, {
            category: tier.category,
            tierId: tier.id,
            email,
            ip: buyerIp(n),
          });
          // The redirect to /checkout/success reached us: this order was promised to the buyer.
          confirmed.push(email);
        } catch {
          failed += 1;
        }
        if (!killed && confirmed.length >= CONFIRMED_BEFORE_KILL) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    await server.stop("SIGKILL");
    expect(confirmed.length).toBeGreaterThanOrEqual(CONFIRMED_BEFORE_KILL);

    // Same DATA_DIR: the new process takes over the database the killed one left behind.
    const restarted = (await startOrderServer({ dataDir: server.dataDir })).server;
    servers.push(restarted);
    const database = await connectToServerDatabase(restarted.dataDir);
    try {
      const stored = await database.query<{ email: string; n: number }>(
        "select email, count(*)::int as n from orders_pending group by email",
      );
      const emails = new Map(stored.rows.map((row) => [row.email, row.n]));
      const missing = confirmed.filter((email) => !emails.has(email));
      expect(missing).toEqual([]);
      // Never doubled either: one row per checkout.
      expect([...emails.values()].every((count) => count === 1)).toBe(true);
      // Requests cut off by the kill may or may not have committed; nothing else may appear.
      expect(stored.rows.length).toBeLessThanOrEqual(next);
      console.info(
        `durability: ${confirmed.length} confirmed, ${failed} cut off, ${stored.rows.length} stored`,
      );
    } finally {
      await database.end();
    }

    // And the restarted server takes orders again.
    await placeOrderOverHttp(restarted, {
      category: tiers[0]!.category,
      tierId: tiers[0]!.id,
      email: "after-restart@durability.test",
      ip: buyerIp(999_999),
    });
  });
});
