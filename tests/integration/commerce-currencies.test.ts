import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { markOrderPaid } from "~/commerce/orders/order-lifecycle.server";
import { listDailyOrders } from "~/commerce/orders/staff-orders.queries.server";
import { action as pricingAction, loader as pricingLoader } from "~/commerce/routes/pricing";
import { pricingTierPrices } from "~/commerce/schema.server";
import { action as currencyAction } from "~/layout/routes/currency";
import { licenseClip } from "~/licensing/downloads.server";
import { toEuroCents } from "~/payments/currencies";
import { fetchAndStoreEcbRates, ratesFreshness } from "~/payments/rates/exchange-rates.server";
import { exchangeRates } from "~/payments/schema.server";
import { royaltyLines } from "~/payouts/schema.server";
import { createAccount } from "../factories/accounts";
import { createClip, createProfile } from "../factories/catalog";
import {
  allOrders,
  BUYER,
  cookiePair,
  findTierId,
  postForm,
  routeArgs,
  settle,
  submitCheckout,
} from "../factories/commerce";
import { STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();
const ECB_XML = readFileSync("server/seed/demo-assets/ecb-eurofxref-daily.xml", "utf8");

/** A stand-in for the ECB's server: answers the committed daily file (or a failure). */
const ecb = createServer((request, response) => {
  if (request.url === "/down") return response.writeHead(503).end("maintenance");
  response.writeHead(200, { "content-type": "text/xml" }).end(ECB_XML.replace("2026-11-27", "2026-12-01"));
});
const ecbUrl = new Promise<string>((resolve) =>
  ecb.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(ecb.address() as AddressInfo).port}`)),
);
afterAll(() => new Promise((resolve) => ecb.close(resolve)));

async function chooseInCurrency(currency: string, category: "creator" | "business", downloads: number) {
  const tierId = await findTierId(category, downloads);
  const form = postForm("/pricing", { category, tierId: String(tierId), billing: "one_time" });
  form.headers.set("Cookie", `currency=${currency}`);
  const result = await settle(() => pricingAction(routeArgs(form)));
  if (result.location !== "/checkout") throw new Error(`choosing a plan failed: ${result.status}`);
  return cookiePair(result.setCookie);
}

describe("orders in the buyer's currency", () => {
  it("places a dollar order at the dollar price with the day's ECB rate, and credits the creator in euros", async () => {
    await database.db.execute(sql`delete from orders`);
    const tierId = await findTierId("creator", 10);
    const [usd] = await database.db
      .select()
      .from(pricingTierPrices)
      .where(eq(pricingTierPrices.tierId, tierId));
    expect(usd).toBeDefined();

    const placed = await submitCheckout(await chooseInCurrency("USD", "creator", 10));
    expect(placed.location).toBe("/checkout/success");
    const order = (await allOrders()).at(-1);
    // €89.00 at 1.0812 is $96.23: the seed's price point is $99.00 (price-points.ts).
    expect(order).toMatchObject({
      currency: "USD",
      unitPriceCents: 9_900,
      eurRate: "1.081200",
      eurRateDate: "2026-11-27",
      eurRateSource: "ECB",
      email: BUYER.email,
    });

    const account = await createAccount();
    await database.db.execute(sql`update orders set user_id = ${account.id} where id = ${order!.id}`);
    const paid = await markOrderPaid({
      orderId: order!.id,
      reference: "bank transfer",
      paidAt: new Date(),
      actor: STAFF_ACTOR,
    });
    expect(paid.ok).toBe(true);
    // The console's revenue is in euros at the order's rate, never a sum of dollars and euros.
    expect((await listDailyOrders(1)).at(-1)!.revenueCents).toBe(
      toEuroCents(order!.totalCents, "USD", "1.0812"),
    );
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator!.id, title: "Harbour at Dawn" });
    const licensed = await licenseClip({
      licensee: { userId: account.id, name: "A Buyer", email: account.email },
      clipId: clipId!,
    });
    if (!licensed.ok) throw new Error(licensed.reason);
    const [line] = await database.db
      .select()
      .from(royaltyLines)
      .where(eq(royaltyLines.licenseId, licensed.value.license.id));
    // $99.00 is €91.56 at the order's rate: €9.16 a download, half of it the creator's.
    expect(toEuroCents(9_900, "USD", "1.0812")).toBe(9_156);
    expect(line).toMatchObject({ baseCents: 916, amountCents: 458 });
  });

  it("keeps euro orders at rate 1", async () => {
    await submitCheckout(await chooseInCurrency("EUR", "creator", 10));
    const order = (await allOrders()).at(-1);
    expect(order).toMatchObject({ currency: "EUR", unitPriceCents: 8_900, eurRate: "1.000000" });
  });

  it("sells a tier without a price in the currency in euros, and the pricing page says so", async () => {
    const tierId = await findTierId("business", 25);
    const removed = await database.db
      .delete(pricingTierPrices)
      .where(eq(pricingTierPrices.tierId, tierId))
      .returning();
    try {
      const page = await pricingLoader(
        routeArgs(new Request("http://localhost/pricing", { headers: { cookie: "currency=GBP" } })),
      );
      const business = page.plans.find((plan) => plan.category === "business")!;
      expect(business.tiers.map((tier) => tier.currency)).toEqual(["GBP", "GBP", "EUR"]);
      await submitCheckout(await chooseInCurrency("GBP", "business", 25));
      const order = (await allOrders()).at(-1);
      expect(order).toMatchObject({ currency: "EUR", unitPriceCents: 54_900 });
    } finally {
      await database.db.insert(pricingTierPrices).values(removed);
    }
  });

  it("ignores a currency cookie that names no currency sold in", async () => {
    const page = await pricingLoader(
      routeArgs(
        new Request("http://localhost/pricing", {
          headers: { cookie: "currency=XXX", "accept-language": "en-GB" },
        }),
      ),
    );
    expect(page.currency).toBe("GBP");
  });
});

describe("the ECB rates job", () => {
  it("stores a day's rates from the daily file, once however often it runs, and they are fresh", async () => {
    const url = await ecbUrl;
    expect(await fetchAndStoreEcbRates(`${url}/eurofxref-daily.xml`)).toBe("2026-12-01");
    await fetchAndStoreEcbRates(`${url}/eurofxref-daily.xml`);
    const stored = await database.db
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.rateDate, "2026-12-01"));
    expect(stored.map((row) => [row.currency, row.eurRate]).sort()).toEqual([
      ["CHF", "0.938200"],
      ["GBP", "0.852150"],
      ["JPY", "162.350000"],
      ["USD", "1.081200"],
    ]);
    expect(await ratesFreshness(new Date("2026-12-02T10:00:00Z"))).toEqual({
      newestDate: "2026-12-01",
      stale: false,
    });
  });

  it("warns that rates are stale when the newest is older than four days", async () => {
    expect(await ratesFreshness(new Date("2026-12-09T10:00:00Z"))).toEqual({
      newestDate: "2026-12-01",
      stale: true,
    });
  });

  it("fails the attempt (to be retried) when the ECB answers an error, storing nothing", async () => {
    const url = await ecbUrl;
    await expect(fetchAndStoreEcbRates(`${url}/down`)).rejects.toThrow(/HTTP 503/);
  });
});

describe("the currency switcher", () => {
  const choose = (fields: Record<string, string>) =>
    currencyAction(routeArgs(postForm("/resources/currency", fields))) as Promise<Response>;

  it("keeps the choice in a cookie and goes back to the page, never to another site or a broken header", async () => {
    const back = await choose({ currency: "GBP", returnTo: "/video/7?x=1" });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/video/7?x=1");
    expect(back.headers.get("set-cookie")).toMatch(/^currency=GBP; Path=\/; Max-Age=\d+; SameSite=Lax/);
    for (const returnTo of ["//evil.example", "/\\evil.example", "https://evil.example/", "/a b", "/ä"])
      expect((await choose({ currency: "USD", returnTo })).headers.get("location"), returnTo).toBe("/");
    // A control character is refused by the form reader before it could reach a header.
    const control = await settle(() => choose({ currency: "USD", returnTo: "/a\u0001b" }));
    expect(control.status).toBe(400);
  });

  it("refuses a currency it does not sell in with a clear message", async () => {
    const refused = await settle<{ fieldErrors?: Record<string, string> }>(() =>
      currencyAction(routeArgs(postForm("/resources/currency", { currency: "XAU" }))),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.fieldErrors?.currency).toBe("Please choose one of the currencies listed.");
  });
});
