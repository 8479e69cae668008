/**
 * Order benchmark: 20 concurrent buyers place orders against the built server on its embedded
 * PostgreSQL, each order a real checkout (choose a plan, then submit the checkout form).
 * Prints orders per second and p50 / p95 latency of the place-order request and of the whole
 * checkout, then checks that every confirmed order is in the database exactly once.
 *   npm run build && npm run bench:orders        (DURATION_S=30 CLIENTS=40 to change the load)
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  buyerIp,
  connectToServerDatabase,
  placeOrderOverHttp,
  startOrderServer,
} from "../tests/support/commerce-http";

const CLIENTS = Number(process.env.CLIENTS ?? 20);
const DURATION_S = Number(process.env.DURATION_S ?? 15);
const WARMUP_ORDERS = 100;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const buildDir = path.resolve(process.env.VERDEO_BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.error(`No build in ${buildDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log(
    `Starting the built server (${path.relative(process.cwd(), buildDir) || "."}) on embedded PostgreSQL…`,
  );
  const { server, tiers } = await startOrderServer({ env: { LOG_LEVEL: "warn" } });
  let n = 0;
  const nextOrder = () => {
    const id = n++;
    const tier = tiers[id % tiers.length]!;
    return { category: tier.category, tierId: tier.id, email: `bench-${id}@orders.test`, ip: buyerIp(id) };
  };

  try {
    for (let i = 0; i < WARMUP_ORDERS; i += CLIENTS) {
      await Promise.all(Array.from({ length: CLIENTS }, () => placeOrderOverHttp(server, nextOrder())));
    }

    const placeLatencies: number[] = [];
    const checkoutLatencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + DURATION_S * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const checkoutStarted = performance.now();
        try {
          placeLatencies.push(await placeOrderOverHttp(server, nextOrder()));
          checkoutLatencies.push(performance.now() - checkoutStarted);
        } catch {
          errors += 1;
        }
      }
    };
    console.log(`Placing orders with ${CLIENTS} concurrent clients for ${DURATION_S} s…`);
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const seconds = (performance.now() - started) / 1000;

    const database = await connectToServerDatabase(server.dataDir);
    const stored = await database.query<{ n: number; distinct_emails: number }>(
      "select count(*)::int as n, count(distinct email)::int as distinct_emails from orders",
    );
    await database.end();

    placeLatencies.sort((a, b) => a - b);
    checkoutLatencies.sort((a, b) => a - b);
    const placed = placeLatencies.length;
    const expectedRows = WARMUP_ORDERS + placed;
    console.log("");
    console.log(`orders placed           ${placed} in ${seconds.toFixed(1)} s (${errors} errors)`);
    console.log(`orders per second       ${(placed / seconds).toFixed(1)}`);
    console.log(
      `place-order request     p50 ${ms(percentile(placeLatencies, 50))}  p95 ${ms(percentile(placeLatencies, 95))}  p99 ${ms(percentile(placeLatencies, 99))}  max ${ms(placeLatencies.at(-1) ?? Number.NaN)}`,
    );
    console.log(
      `whole checkout (2 clips) p50 ${ms(percentile(checkoutLatencies, 50))}  p95 ${ms(percentile(checkoutLatencies, 95))}`,
    );
    console.log(
      `stored orders           ${stored.rows[0]!.n} (expected at least ${expectedRows}, ${stored.rows[0]!.distinct_emails} distinct buyers)`,
    );
    if (stored.rows[0]!.n < expectedRows || stored.rows[0]!.n !== stored.rows[0]!.distinct_emails) {
      console.error("Some confirmed orders are missing or doubled.");
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
