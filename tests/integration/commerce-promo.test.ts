import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROMO_MESSAGES } from "~/commerce/checkout/checkout-schema";
import { checkPromoCode } from "~/commerce/pricing/promo.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { applyPromo, choosePlan, cookiePair, loadCheckout, removePromo } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";
import { withinOneMinuteWindow } from "../support/rate-limit-window";

const database = useTestDatabase();

let ipCounter = 0;
/** Each test is its own client, so the lookup limit of one never leaks into another. */
const freshIp = () => `192.0.2.${++ipCounter}`;

describe("promo codes at checkout", () => {
  it("a code is uppercased before lookup and the summary shows the discount", async () => {
    const ip = freshIp();
    const cookie = await choosePlan("creator", { downloads: 5, clientIp: ip });
    const applied = await applyPromo(cookie, "  welcome10 ", ip);
    expect(applied.status).toBe(200);
    const checkout = await loadCheckout(cookiePair(applied.setCookie));
    expect(checkout.data).toMatchObject({
      promoCode: "WELCOME10",
      promoError: null,
      amounts: { subtotalCents: 4_900, discountCents: 490, vatCents: 838, totalCents: 5_248 },
    });
  });

  it.each([
    ["NOPE", PROMO_MESSAGES.invalid],
    ["INACTIVE", PROMO_MESSAGES.invalid],
    ["expired", PROMO_MESSAGES.expired],
    ["", PROMO_MESSAGES.invalid],
  ])("code %j answers %j and applies nothing", async (code, message) => {
    const ip = freshIp();
    const cookie = await choosePlan("business", { clientIp: ip });
    const result = await applyPromo(cookie, code, ip);
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors?.promoCode).toBe(message);
    expect((await loadCheckout(cookie)).data?.amounts.discountCents).toBe(0);
  });

  it("the promo service answers a refusal in the domain's words, never a sentence", async () => {
    expect(await checkPromoCode("nope")).toEqual({ ok: false, code: "NOPE", reason: "invalid" });
    expect(await checkPromoCode("inactive")).toEqual({ ok: false, code: "INACTIVE", reason: "invalid" });
    expect(await checkPromoCode("expired")).toEqual({ ok: false, code: "EXPIRED", reason: "expired" });
    expect(await checkPromoCode(" welcome10 ")).toMatchObject({ ok: true, code: "WELCOME10" });
  });

  it("a failing lookup answers 'Error validating promo code'", async () => {
    const ip = freshIp();
    const cookie = await choosePlan("creator", { clientIp: ip });
    await database.db.execute(sql`alter table promo_codes rename to promo_codes_away`);
    try {
      const result = await applyPromo(cookie, "WELCOME10", ip);
      expect(result.data?.fieldErrors?.promoCode).toBe(PROMO_MESSAGES.error);
    } finally {
      await database.db.execute(sql`alter table promo_codes_away rename to promo_codes`);
    }
  });

  it("Remove takes the code off and restores the full price", async () => {
    const ip = freshIp();
    const cookie = await choosePlan("pro", { billing: "annual", clientIp: ip });
    const applied = cookiePair((await applyPromo(cookie, "FLAT50", ip)).setCookie);
    expect((await loadCheckout(applied)).data?.amounts.discountCents).toBe(5_000);
    const removed = await removePromo(applied);
    const checkout = await loadCheckout(cookiePair(removed.setCookie));
    expect(checkout.data).toMatchObject({
      promoCode: null,
      amounts: { discountCents: 0, totalCents: 606_900 },
    });
  });

  it("a fixed code larger than the subtotal brings the total to zero, never below", async () => {
    const ip = freshIp();
    const cookie = await choosePlan("creator", { downloads: 5, clientIp: ip });
    const applied = cookiePair((await applyPromo(cookie, "FLAT50", ip)).setCookie);
    expect((await loadCheckout(applied)).data?.amounts).toMatchObject({
      subtotalCents: 4_900,
      discountCents: 4_900,
      vatCents: 0,
      totalCents: 0,
    });
  });
});

describe("promo lookups are rate-limited per client", () => {
  it("after the limit even a valid code is refused with a clear message, while other clients go on", async () => {
    const ip = freshIp();
    const cookie = await choosePlan("creator", { clientIp: ip });
    // The hits must fall in one minute's window.
    await withinOneMinuteWindow(10_000);
    for (let attempt = 0; attempt < RATE_LIMIT_POLICIES.promo_lookup.perIp.limit; attempt++) {
      expect((await applyPromo(cookie, `GUESS${attempt}`, ip)).data?.fieldErrors?.promoCode).toBe(
        PROMO_MESSAGES.invalid,
      );
    }
    const blocked = await applyPromo(cookie, "WELCOME10", ip);
    expect(blocked.data?.fieldErrors?.promoCode).toBe(PROMO_MESSAGES.rateLimited);
    expect((await loadCheckout(cookie)).data?.promoCode).toBeNull();

    const other = freshIp();
    const otherCookie = await choosePlan("creator", { clientIp: other });
    expect((await applyPromo(otherCookie, "WELCOME10", other)).status).toBe(200);
  });

  it("concurrent guesses cannot slip past the limit", async () => {
    const ip = freshIp();
    const cookie = await choosePlan("creator", { clientIp: ip });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) => applyPromo(cookie, `RACE${attempt}`, ip)),
    );
    const looked = results.filter(
      (result) => result.data?.fieldErrors?.promoCode !== PROMO_MESSAGES.rateLimited,
    );
    expect(looked).toHaveLength(RATE_LIMIT_POLICIES.promo_lookup.perIp.limit);
  });
});
