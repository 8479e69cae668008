import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrimaryAndReplica, startPrimaryAndReplica } from "../support/replica";
import { DEPLOYMENT_SETTINGS, type ServerProcess, startBuiltServer } from "../support/server-process";

/**
 * The built server against a primary and its streaming replica (tests/support/replica.ts): it is
 * ready with both, shows both pools in /metrics, and serves the catalogue from the replica's pool.
 * Which reads go where is tested in tests/integration/platform-read-replica.test.ts.
 */
describe("a server with DATABASE_READ_URL", () => {
  let cluster: PrimaryAndReplica;
  let server: ServerProcess;
  beforeAll(async () => {
    cluster = await startPrimaryAndReplica();
    server = await startBuiltServer({
      ...DEPLOYMENT_SETTINGS,
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_READ_URL: cluster.replicaUrl,
      DATABASE_POOL_SIZE: "6",
      DATABASE_READ_POOL_SIZE: "4",
      BETTER_AUTH_SECRET: "r".repeat(40),
      SEED_ON_START: "false",
    });
    // The niches the start seeded into the primary, replayed by the replica.
    await cluster.caughtUp();
  });
  afterAll(async () => {
    await server?.stop();
    await cluster?.stop();
  });

  const pool = async (name: string, state: string) => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const match = new RegExp(
      `^verdeo_db_pool_connections\\{pool="${name}",state="${state}"\\} (\\d+)$`,
      "m",
    ).exec(text);
    return match ? Number(match[1]) : undefined;
  };

  it("is ready, and /metrics shows the primary's and the replica's pools", async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(await pool("primary", "max")).toBe(6);
    expect(await pool("replica", "max")).toBe(4);
  });

  it("serves the explore page's and the API's catalogue reads through the replica's pool", async () => {
    const page = await fetch(`${server.url}/videos?q=ocean`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Nature");
    expect((await fetch(`${server.url}/api/v1/niches`)).status).toBe(200);
    expect(await pool("replica", "open")).toBeGreaterThan(0);
  });
});
