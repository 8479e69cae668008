import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  buyerIp,
  placeOrderOverHttp,
  startOrderServer,
  storedOrderCounts,
  streamOrdersUntil,
} from "../support/commerce-http";
import { postgresProcessesFor, type ServerProcess } from "../support/server-process";

const CLIENTS = 4;
/** Crash once this many orders were confirmed: enough that more are surely in flight. */
const CONFIRMED_BEFORE_CRASH = 20;
/** A restart after a crash replays PostgreSQL's log first; on a quiet machine it takes a few seconds. */
const READY_AFTER_CRASH_MS = 60_000;

/** Every process of a DATA_DIR's PostgreSQL: the postmaster and its children (backends, writers). */
function allPostgresProcesses(dataDir: string) {
  const postmasters = postgresProcessesFor(dataDir).split(/\s+/).filter(Boolean);
  const children = postmasters.flatMap((pid) => {
    try {
      return execFileSync("pgrep", ["-P", pid], { encoding: "utf8" }).trim().split(/\s+/);
    } catch {
      return [];
    }
  });
  return [...postmasters, ...children].filter(Boolean).map(Number);
}

describe("a crash of the server and its database together (power loss, OOM killer)", () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (servers[0]) rmSync(servers[0].dataDir, { recursive: true, force: true });
  });

  it("after kill -9 of the server and every PostgreSQL process mid-stream, a restart is ready and has every confirmed order", async () => {
    const { server, tiers } = await startOrderServer();
    servers.push(server);

    const { confirmed, attempted } = await streamOrdersUntil(server, tiers, {
      clients: CLIENTS,
      prefix: "crash",
      stopAfter: CONFIRMED_BEFORE_CRASH,
      // PostgreSQL first (a dirty stop: no checkpoint, no clean shutdown record), then the server.
      stop: () => {
        const postgres = allPostgresProcesses(server.dataDir);
        expect(postgres.length).toBeGreaterThan(1);
        for (const pid of postgres) process.kill(pid, "SIGKILL");
        server.child.kill("SIGKILL");
      },
    });
    await server.stop("SIGKILL");
    for (let waited = 0; allPostgresProcesses(server.dataDir).length > 0 && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(allPostgresProcesses(server.dataDir)).toEqual([]);

    // Same DATA_DIR: PostgreSQL recovers from its log, then the server migrates (nothing to do) and serves.
    const started = Date.now();
    const restarted = (await startOrderServer({ dataDir: server.dataDir })).server;
    servers.push(restarted);
    expect(Date.now() - started).toBeLessThan(READY_AFTER_CRASH_MS);
    expect(restarted.output()).not.toContain("Stopping a PostgreSQL left running");

    const stored = await storedOrderCounts(restarted.dataDir, "crash");
    expect(confirmed.filter((email) => !stored.has(email))).toEqual([]);
    expect([...stored.values()].every((count) => count === 1)).toBe(true);
    expect(stored.size).toBeLessThanOrEqual(attempted);

    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
    await placeOrderOverHttp(restarted, {
      category: tiers[0]!.category,
      tierId: tiers[0]!.id,
      email: "after-crash@durability.test",
      ip: buyerIp(999_999),
    });
  });
});
