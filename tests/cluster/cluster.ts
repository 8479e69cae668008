import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { closeDatabase, connectDatabase } from "~/platform/db/client.server";
import { startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { PROCESS_JOBS } from "../../server/jobs";
import { DEPLOYMENT_SETTINGS, freePort } from "../support/server-process";
import {
  installFromDebian,
  type Postgres,
  startHaproxy,
  startPgBouncer,
  startPostgres,
  waitForPort,
} from "./infrastructure";
import { type AppProcess, startAppProcess, stopAppProcess } from "./nodes";
import { startObjectStore } from "./object-store";

export const WEB_NODES = 3;
export const WORKERS = 2;

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * The whole cluster on loopback: PostgreSQL, PgBouncer (transaction mode) for the app's queries,
 * the object store, 3 web processes of the production build behind HAProxy and 2 workers. The
 * test process itself connects directly (factories, checks), as an operator's console would.
 */
export async function startCluster(folder: string) {
  installFromDebian({ haproxy: "haproxy", pgbouncer: "pgbouncer" });
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    timings[name] = Math.round(performance.now() - started);
    return result;
  };
  const postgres = await timed("postgres and replica", () => startPostgres());
  const pooler = await timed("pgbouncer", async () =>
    startPgBouncer(path.join(folder, "pgbouncer"), await freePort(), postgres, 40),
  );
  const store = await timed("object store", async () =>
    startObjectStore(path.join(folder, "s3"), await freePort()),
  );
  const webPorts = await Promise.all(Array.from({ length: WEB_NODES }, () => freePort()));
  const proxy = await startHaproxy(
    path.join(folder, "haproxy"),
    await freePort(),
    await freePort(),
    webPorts,
  );

  const env: Record<string, string> = {
    ...DEPLOYMENT_SETTINGS,
    ...store.env,
    S3_PUBLIC_ENDPOINT: store.env.S3_ENDPOINT!,
    DATABASE_URL: pooler.url,
    DATABASE_DIRECT_URL: postgres.url,
    DATABASE_READ_URL: pooler.readUrl,
    DATABASE_POOL_SIZE: "10",
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: "1",
    BETTER_AUTH_SECRET: "cluster-test-secret-0123456789-abcdefghij",
    SEED_DEMO: "false",
    MIGRATE_AT_START: "false",
    LOG_LEVEL: "warn",
  };
  // The one-shot step before any node starts, as compose.yaml's `migrate` service (docs/deploy.md):
  // migrations, then the niches and plans of an empty database. The nodes only check.
  await timed("migrate and seed", async () => {
    for (const command of [["migrate"], ["seed", "--if-empty"]])
      execFileSync(process.execPath, [path.resolve("build/server/cli.js"), ...command], {
        env: { ...process.env, ...env, NODE_ENV: "production", DATA_DIR: path.join(folder, "cli") },
        stdio: ["ignore", "ignore", "inherit"],
      });
  });
  connectDatabase(postgres.url, { max: 6 });
  const admin = new pg.Pool({ connectionString: postgres.url, max: 4 });
  await startQueue({ url: postgres.url, jobs: PROCESS_JOBS, work: false, instanceName: "cluster-test" });

  const web = await timed("web nodes", () =>
    Promise.all(webPorts.map((port, index) => startAppProcess("web", `web${index + 1}`, port, env, folder))),
  );
  const workers = await timed("workers", async () =>
    Promise.all(
      Array.from({ length: WORKERS }, async (_, index) =>
        startAppProcess("worker", `worker${index + 1}`, await freePort(), env, folder),
      ),
    ),
  );
  await waitUntilAllUp(proxy.statsUrl);
  const everyProcess = () => [...web, ...workers];
  return {
    folder,
    proxy,
    pooler,
    postgres: postgres as Postgres,
    store,
    env,
    web,
    workers,
    timings,
    everyProcess,
    /** A query on the primary, directly (checks of what the cluster stored). */
    async query<T>(text: string, values: unknown[] = []) {
      return (await admin.query(text, values)).rows as T[];
    },
    /** Starts a web node again on its port (after a kill), and waits until the proxy uses it. */
    async restartWeb(index: number) {
      const old = web[index]!;
      web[index] = await startAppProcess("web", old.name, old.port, env, folder);
      await waitUntilAllUp(proxy.statsUrl);
      return web[index]!;
    },
    /** Starts a new worker in place of one that died. */
    async replaceWorker(dead: AppProcess) {
      const replacement = await startAppProcess(
        "worker",
        `${dead.name}-again`,
        await freePort(),
        env,
        folder,
      );
      workers[workers.indexOf(dead)] = replacement;
      return replacement;
    },
    async stop() {
      await Promise.all(everyProcess().map((node) => stopAppProcess(node, "SIGKILL")));
      await stopQueue(2_000).catch(() => {});
      await closeDatabase().catch(() => {});
      await admin.end();
      await proxy.daemon.stop();
      await pooler.daemon.stop();
      await store.stop().catch((error) => console.error(`stopping the object store: ${error}`));
      await postgres.stop();
    },
  };
}

/** The proxy's view of its web servers: name → UP, DOWN, … (HAProxy's CSV statistics). */
export async function backendStates(statsUrl: string) {
  const csv = await (await fetch(statsUrl)).text();
  const rows = csv.split("\n").map((line) => line.split(","));
  return new Map(
    rows.filter((row) => row[0] === "web" && /^web\d/.test(row[1] ?? "")).map((row) => [row[1]!, row[17]!]),
  );
}

async function waitUntilAllUp(statsUrl: string) {
  await waitForPort(Number(new URL(statsUrl).port), "HAProxy statistics");
  for (let tries = 0; tries < 100; tries++) {
    const states = await backendStates(statsUrl);
    if (states.size === WEB_NODES && [...states.values()].every((state) => state === "UP")) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the proxy does not see every web node up: ${[...(await backendStates(statsUrl))].join(", ")}`,
  );
}

export type { AppProcess };
