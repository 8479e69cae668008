import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  buyerIp,
  placeOrderOverHttp,
  startOrderServer,
  storedOrderCounts,
  streamOrdersUntil,
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

    const { confirmed, failed, attempted } = await streamOrdersUntil(server, tiers, {
      clients: CLIENTS,
      prefix: "stream",
      stopAfter: CONFIRMED_BEFORE_KILL,
      stop: () => server.child.kill("SIGKILL"),
    });
    await server.stop("SIGKILL");
    expect(confirmed.length).toBeGreaterThanOrEqual(CONFIRMED_BEFORE_KILL);

    // Same DATA_DIR: the new process takes over the database the killed one left behind.
    const restarted = (await startOrderServer({ dataDir: server.dataDir })).server;
    servers.push(restarted);
    const stored = await storedOrderCounts(restarted.dataDir, "stream");
    expect(confirmed.filter((email) => !stored.has(email))).toEqual([]);
    // Never doubled either: one row per checkout.
    expect([...stored.values()].every((count) => count === 1)).toBe(true);
    // Requests cut off by the kill may or may not have committed; nothing else may appear.
    expect(stored.size).toBeLessThanOrEqual(attempted);
    console.info(`durability: ${confirmed.length} confirmed, ${failed} cut off, ${stored.size} stored`);

    // And the restarted server takes orders again.
    await placeOrderOverHttp(restarted, {
      category: tiers[0]!.category,
      tierId: tiers[0]!.id,
      email: "after-restart@durability.test",
      ip: buyerIp(999_999),
    });
  });
});
