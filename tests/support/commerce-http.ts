import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Billing, PlanCategory } from "~/commerce/pricing/plans";
import { DEMO_PLANS, DEMO_PROMOS } from "../../server/seed/demo-content";
import { type ServerProcess, startBuiltServer } from "./server-process";

/**
 * Orders over plain HTTP against the built server, as a browser without JavaScript clips them:
 * used by the durability test and by `npm run bench:orders`.
 */

/** The embedded PostgreSQL of a server started with `dataDir` (it listens on a socket in there). */
export async function connectToServerDatabase(dataDir: string) {
  const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  const client = new pg.Client({
    host: path.join(dataDir, "pg"),
    port: 5432,
    user: "postgres",
    password,
    database: "postgres",
  });
  await client.connect();
  return client;
}

/**
 * A built server without the demo clips (quick to start) but with the plans and promo codes.
 * TRUST_PROXY lets each simulated buyer arrive from its own address, as real buyers do.
 */
export async function startOrderServer(options: { dataDir?: string; env?: Record<string, string> } = {}) {
  const server = await startBuiltServer(
    {
      SEED_ON_START: "false",
      TRUST_PROXY: "1",
      BETTER_AUTH_SECRET: "commerce-order-stream-secret-0123456789",
      ...options.env,
    },
    { dataDir: options.dataDir },
  );
  const tiers = await seedPlansAndPromos(server.dataDir);
  return { server, tiers };
}

/** The demo plans and promo codes, added to the database of the server using `dataDir`. */
export async function seedPlansAndPromos(dataDir: string) {
  const client = await connectToServerDatabase(dataDir);
  try {
    for (const { tiers, ...plan } of DEMO_PLANS) {
      await client.query(
        `insert into pricing_plans (category, title, badge, license_kind, subtitle, perks, display_order)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
        [
          plan.category,
          plan.title,
          plan.badge,
          plan.licenseKind,
          plan.subtitle,
          plan.perks,
          plan.displayOrder,
        ],
      );
      for (const [index, tier] of tiers.entries()) {
        await client.query(
          `insert into pricing_tiers (plan_category, downloads, price_cents, display_order)
           values ($1, $2, $3, $4) on conflict do nothing`,
          [plan.category, tier.downloads, tier.priceCents, index + 1],
        );
      }
    }
    for (const promo of DEMO_PROMOS) {
      await client.query(
        `insert into promo_codes (code, is_active, expires_at, type, value) values ($1, $2, $3, $4, $5)
         on conflict do nothing`,
        [promo.code, promo.isActive, promo.expiresAt, promo.type, promo.value],
      );
    }
    const tiers = await client.query<{ id: number; plan_category: PlanCategory }>(
      "select id, plan_category from pricing_tiers order by plan_category, display_order",
    );
    return tiers.rows.map((row) => ({ id: row.id, category: row.plan_category }));
  } finally {
    await client.end();
  }
}

export interface OrderRequest {
  category: PlanCategory;
  tierId: number;
  email: string;
  /** The buyer's address, sent as X-Forwarded-For. */
  ip: string;
  promoCode?: string;
}

/** A distinct, valid address for the n-th simulated buyer. */
export const buyerIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * Chooses a plan and places the order: two form clips. Resolves with the time the place-order
 * request took once the server confirmed it (303/302 to /checkout/success); throws otherwise.
 */
export async function placeOrderOverHttp(server: Pick<ServerProcess, "url">, order: OrderRequest) {
  const billing: Billing = order.category === "pro" ? "monthly" : "one_time";
  const headers = { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": order.ip };
  const chosen = await fetch(`${server.url}/pricing`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ category: order.category, tierId: String(order.tierId), billing }),
    redirect: "manual",
  });
  await chosen.arrayBuffer();
  let cookie = chosen.headers.get("set-cookie")?.split(";")[0];
  if (chosen.headers.get("location") !== "/checkout" || !cookie) {
    throw new Error(`choosing a plan answered ${chosen.status}`);
  }
  if (order.promoCode) {
    const applied = await fetch(`${server.url}/checkout`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: new URLSearchParams({ intent: "apply-promo", promoCode: order.promoCode }),
      redirect: "manual",
    });
    await applied.arrayBuffer();
    cookie = applied.headers.get("set-cookie")?.split(";")[0] ?? cookie;
  }
  const started = performance.now();
  const placed = await fetch(`${server.url}/checkout`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: new URLSearchParams({
      intent: "place-order",
      email: order.email,
      company: "",
      country: "CY",
      terms: "on",
    }),
    redirect: "manual",
  });
  await placed.arrayBuffer();
  const elapsedMs = performance.now() - started;
  if (placed.headers.get("location") !== "/checkout/success") {
    throw new Error(`placing the order answered ${placed.status}`);
  }
  return elapsedMs;
}

type Tier = Awaited<ReturnType<typeof seedPlansAndPromos>>[number];

/**
 * `clients` buyers place orders one after another, each with a new address and the e-mail
 * `{prefix}-{n}@durability.test`, until `stop` is called; once `stopAfter` orders are confirmed
 * (the redirect to /checkout/success came back: the order was promised), `stop` is called once.
 */
export async function streamOrdersUntil(
  server: Pick<ServerProcess, "url">,
  tiers: Tier[],
  options: { clients: number; prefix: string; stopAfter: number; stop: () => void },
) {
  const confirmed: string[] = [];
  let failed = 0;
  let attempted = 0;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const n = attempted++;
      const tier = tiers[n % tiers.length]!;
      const email = `${options.prefix}-${n}@durability.test`;
      try {
        await placeOrderOverHttp(server, { category: tier.category, tierId: tier.id, email, ip: buyerIp(n) });
        confirmed.push(email);
      } catch {
        failed += 1;
      }
      if (!stopped && confirmed.length >= options.stopAfter) {
        stopped = true;
        options.stop();
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  return { confirmed, failed, attempted };
}

/** How many orders each e-mail of a stream (`{prefix}-…`) has in the database, by e-mail. */
export async function storedOrderCounts(dataDir: string, prefix: string) {
  const database = await connectToServerDatabase(dataDir);
  try {
    const stored = await database.query<{ email: string; n: number }>(
      "select email, count(*)::int as n from orders where email like $1 group by email",
      [`${prefix}-%`],
    );
    return new Map(stored.rows.map((row) => [row.email, row.n]));
  } finally {
    await database.end();
  }
}
