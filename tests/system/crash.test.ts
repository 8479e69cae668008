import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  buyerIp,
  connectToServerDatabase,
  placeOrderOverHttp,
  startOrderServer,
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

    const confirmed: string[] = [];
    let next = 0;
    let crashed = false;
    const crash = () => {
      crashed = true;
      // PostgreSQL first (a dirty stop: no checkpoint, no clean shutdown record), then the server.
      const postgres = allPostgresProcesses(server.dataDir);
      expect(postgres.length).toBeGreaterThan(1);
      for (const pid of postgres) process.kill(pid, "SIGKILL");
      server.child.kill("SIGKILL");
    };
    const client = async () => {
      while (!crashed) {
        const n = next++;
        const tier = tiers[n % tiers.length]!;
        const email = `crash-${n}@durability.test`;
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
          // Cut off by the crash.
        }
        if (!crashed && confirmed.length >= CONFIRMED_BEFORE_CRASH) crash();
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
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

    const database = await connectToServerDatabase(restarted.dataDir);
    try {
      const stored = await database.query<{ email: string; n: number }>(
        "select email, count(*)::int as n from orders_pending where email like 'crash-%' group by email",
      );
      const emails = new Map(stored.rows.map((row) => [row.email, row.n]));
      expect(confirmed.filter((email) => !emails.has(email))).toEqual([]);
      expect([...emails.values()].every((count) => count === 1)).toBe(true);
      expect(stored.rows.length).toBeLessThanOrEqual(next);
    } finally {
      await database.end();
    }

    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
    await placeOrderOverHttp(restarted, {
      category: tiers[0]!.category,
      tierId: tiers[0]!.id,
      email: "after-crash@durability.test",
      ip: buyerIp(999_999),
    });
  });
});
