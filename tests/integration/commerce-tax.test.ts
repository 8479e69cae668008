import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { billingDocumentOf } from "~/commerce/billing/billing-document.server";
import {
  BUSINESS_NAME_REQUIRED_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
} from "~/commerce/checkout/checkout-schema";
import { shortOrderId } from "~/commerce/orders/order-id";
import { findOrderWithPlanTitle } from "~/commerce/orders/orders.server";
import { action as checkoutAction } from "~/commerce/routes/checkout";
import { orders, vatNumberChecks } from "~/commerce/schema.server";
import { formatMoney } from "~/payments/money";
import { describeTax } from "~/payments/tax";
import { loadConfig } from "~/platform/config.server";
import {
  allOrders,
  BUYER,
  choosePlan,
  cookiePair,
  loadCheckout,
  postForm,
  routeArgs,
  settle,
  submitCheckout,
} from "../factories/commerce";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

const database = useTestDatabase();

const orderOf = async (email: string) =>
  (await database.db.select().from(orders).where(eq(orders.email, email)))[0];

/** Places a creator order (€89 tier or whichever the seed has) as a buyer from `fields`. */
let buyers = 0;
async function placeAs(fields: Record<string, string>) {
  // Each buyer from an address of their own: the checkout's rate limit counts per address.
  const clientIp = `198.51.100.${++buyers}`;
  const cookie = await choosePlan("creator", { clientIp });
  return { cookie, result: await submitCheckout(cookie, fields, clientIp) };
}

describe("VAT at checkout, computed on the server", () => {
  it("a Cypriot individual pays 19% and the order says why", async () => {
    const { result } = await placeAs({ email: "cy@example.com", country: "CY", buyerType: "individual" });
    expect(result.location).toBe("/checkout/success");
    const order = await orderOf("cy@example.com");
    expect(order).toMatchObject({ country: "CY", vatRateBps: 1900, taxReason: "domestic", vatNumber: null });
    expect(order!.vatAmountCents).toBe(Math.floor((order!.subtotalCents * 19 + 50) / 100));
  });

  it("a French individual pays France's 20%", async () => {
    await placeAs({ email: "fr@example.com", country: "FR", buyerType: "individual" });
    const order = await orderOf("fr@example.com");
    expect(order).toMatchObject({ country: "FR", vatRateBps: 2000, taxReason: "eu_consumer" });
    expect(order!.totalCents).toBe(order!.subtotalCents + order!.vatAmountCents);
  });

  it("a German business with a well-formed VAT number VIES has not confirmed pays German VAT: its format grants nothing", async () => {
    const { result } = await placeAs({
      email: "de-business@example.com",
      country: "DE",
      buyerType: "business",
      company: "Nordlicht Film GmbH",
      vatNumber: "de 123 456 789",
    });
    expect(result.location).toBe("/checkout/success");
    const order = await orderOf("de-business@example.com");
    expect(order).toMatchObject({
      buyerType: "business",
      company: "Nordlicht Film GmbH",
      vatNumber: "DE123456789",
      vatRateBps: 1900,
      taxReason: "eu_consumer",
      vatCheckStatus: "pending",
    });
    expect(order!.totalCents).toBe(order!.subtotalCents + order!.vatAmountCents);
  });

  it("a German business with a malformed VAT number is refused with a clear message and no order", async () => {
    const before = (await allOrders()).length;
    const { result } = await placeAs({
      email: "de-bad@example.com",
      country: "DE",
      buyerType: "business",
      company: "Nordlicht Film GmbH",
      vatNumber: "DE12345",
    });
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors?.vatNumber).toBe(
      "That VAT number does not have the format used in Germany (for example DE123456789).",
    );
    expect((await allOrders()).length).toBe(before);
  });

  it("a French business entering a German VAT number is refused on the field, its data kept, and no order", async () => {
    const before = (await allOrders()).length;
    const { result } = await placeAs({
      email: "fr-de@example.com",
      country: "FR",
      buyerType: "business",
      company: "Lumière SARL",
      vatNumber: "DE123456789",
    });
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors?.vatNumber).toBe(
      "That VAT number starts with DE, the prefix of Germany, not of France (for example FR12345678901).",
    );
    expect(result.data?.values).toMatchObject({
      country: "FR",
      company: "Lumière SARL",
      vatNumber: "DE123456789",
    });
    expect((await allOrders()).length).toBe(before);
  });

  it("a business in the United States pays no tax: it accounts for any itself, its state recorded", async () => {
    await placeAs({
      email: "us@example.com",
      country: "US",
      subdivision: "NY",
      buyerType: "business",
      company: "Acme Inc",
    });
    expect(await orderOf("us@example.com")).toMatchObject({
      vatRateBps: 0,
      taxReason: "foreign_business",
      taxSubdivision: "NY",
    });
  });

  it("a country that is not an ISO code (the old English names) is refused", async () => {
    const { result } = await placeAs({ email: "old@example.com", country: "Cyprus" });
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors?.country).toBe("Please choose a country from the list");
  });

  it("a business without its name, and control characters in an address, are refused", async () => {
    const noName = await placeAs({
      email: "b1@example.com",
      country: "DE",
      buyerType: "business",
      company: "",
    });
    expect(noName.result.status).toBe(400);
    expect(noName.result.data?.fieldErrors?.company).toBe(BUSINESS_NAME_REQUIRED_MESSAGE);
    const nul = await placeAs({ email: "b2@example.com", country: "CY", city: "Nicosia\tCentre" });
    expect(nul.result.status).toBe(400);
    expect(nul.result.data?.fieldErrors?.city).toBe(CONTROL_CHARACTERS_MESSAGE);
    const long = await placeAs({ email: "b3@example.com", country: "CY", buyerName: "x".repeat(500) });
    expect(long.result.status).toBe(400);
    expect(await orderOf("b1@example.com")).toBeUndefined();
  });

  it("Update quotes the summary again for the new country and VAT number (no JavaScript needed)", async () => {
    const cookie = await choosePlan("creator");
    const initial = await loadCheckout(cookie);
    expect(initial.data?.amounts.vatRateBps).toBe(1900);
    expect(initial.data?.taxReason).toBe(describeTax("domestic", "CY"));

    const update = (fields: Record<string, string>, jar: string) =>
      settle(() => checkoutAction(routeArgs(postForm("/checkout", { intent: "update", ...fields }, jar))));
    const toFrance = await update({ country: "FR", buyerType: "individual" }, cookie);
    expect(toFrance.status).toBe(200);
    // The answer carries the new figures too: a page reloaded without JavaScript shows these.
    expect(toFrance.data).toMatchObject({ summary: { amounts: { vatRateBps: 2000 } } });
    const france = await loadCheckout(cookieFrom(toFrance.setCookie) ?? cookie);
    expect(france.data?.amounts.vatRateBps).toBe(2000);

    const toBusiness = await update(
      { country: "DE", buyerType: "business", vatNumber: "DE123456789" },
      cookieFrom(toFrance.setCookie) ?? cookie,
    );
    const germany = await loadCheckout(cookieFrom(toBusiness.setCookie) ?? cookie);
    // Until VIES confirms the number (a job; see commerce-vat-confirmation.test.ts) VAT is charged, and said why.
    expect(germany.data?.amounts).toMatchObject({ vatRateBps: 1900 });
    expect(germany.data?.taxReason).toBe(
      `${describeTax("eu_consumer", "DE")}, until your VAT number is confirmed`,
    );
    expect(germany.data?.vatCheck).toMatchObject({ vatNumber: "DE123456789", status: "pending" });
    expect(france.data?.taxReason).toBe("VAT of France (EU consumer rate)");

    const malformed = await update({ country: "DE", buyerType: "business", vatNumber: "123" }, cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ fieldErrors: { vatNumber: expect.stringContaining("Germany") } });
  });
});

describe("the placed mail", () => {
  it("states the reverse charge and formats the amount in the buyer's language", async () => {
    // VIES confirmed the number earlier (reused for 30 days).
    await database.db
      .insert(vatNumberChecks)
      .values({
        vatNumber: "DE123456789",
        register: "VIES",
        status: "confirmed",
        consultationNumber: "WAPI-MAIL",
        requestedAt: new Date(),
        checkedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: vatNumberChecks.vatNumber,
        set: { status: "confirmed", checkedAt: new Date() },
      });
    const clientIp = `198.51.100.${++buyers}`;
    const cookie = await choosePlan("creator", { clientIp });
    const email = "mail-de@example.com";
    const request = postForm(
      "/checkout",
      {
        ...BUYER,
        intent: "place-order",
        email,
        country: "DE",
        buyerType: "business",
        company: "Nordlicht Film GmbH",
        vatNumber: "DE123456789",
      },
      cookie,
    );
    request.headers.set("Accept-Language", "de-DE,de;q=0.9,en;q=0.5");
    const placed = await settle(() => checkoutAction(routeArgs(request, clientIp)));
    expect(placed.location).toBe("/checkout/success");
    const order = (await orderOf(email))!;
    expect(order.locale).toBe("de-DE");
    const [mail] = await outboxFor(email);
    expect(mail?.subject).toBe(`Verdeo order ${shortOrderId(order.id)}: payment instructions`);
    expect(mail?.text).toContain(`${formatMoney(order.totalCents, "de-DE")} (no VAT: reverse charge)`);
  });
});

describe("tax outside the EU", () => {
  afterAll(() => {
    delete process.env.TAX_UNREGISTERED;
    loadConfig();
  });

  it("a consumer in the United Kingdom pays 20% UK VAT, and the invoice names it", async () => {
    const { result } = await placeAs({ email: "uk@example.com", country: "GB", buyerType: "individual" });
    expect(result.location).toBe("/checkout/success");
    const order = (await orderOf("uk@example.com"))!;
    expect(order).toMatchObject({ country: "GB", vatRateBps: 2000, taxReason: "foreign_consumer" });
    expect(order.vatAmountCents).toBe(Math.floor((order.subtotalCents * 20 + 50) / 100));
    const document = billingDocumentOf((await findOrderWithPlanTitle(order.id))!);
    expect(document).toMatchObject({
      taxName: "VAT",
      vatRateBps: 2000,
      taxNote: "VAT of United Kingdom charged by a non-resident supplier of digital services.",
    });
  });

  it("a consumer in Québec pays GST + QST, 14.975%, on the order with the province", async () => {
    const { result } = await placeAs({
      email: "qc@example.com",
      country: "CA",
      subdivision: "QC",
      buyerType: "individual",
    });
    expect(result.location).toBe("/checkout/success");
    const order = (await orderOf("qc@example.com"))!;
    expect(order).toMatchObject({ vatRateBps: 1497.5, taxReason: "foreign_consumer", taxSubdivision: "QC" });
    // 14.975% of the net, rounded half up to the cent.
    expect(order.vatAmountCents).toBe(Math.floor((order.subtotalCents * 14975 + 50_000) / 100_000));
    expect(order.totalCents).toBe(order.subtotalCents + order.vatAmountCents);
    const document = billingDocumentOf((await findOrderWithPlanTitle(order.id))!);
    expect(document.taxName).toBe("GST + QST (Québec)");
    expect(document.buyer.country).toBe("Québec, Canada");
  });

  it("a Canadian consumer without a province, or with a US state, is asked for the province", async () => {
    for (const subdivision of ["", "TX"]) {
      const { result } = await placeAs({ email: "ca-none@example.com", country: "CA", subdivision });
      expect(result.status).toBe(400);
      expect(result.data?.fieldErrors?.subdivision).toBe(
        "Please choose your province or territory from the list.",
      );
    }
    expect(await orderOf("ca-none@example.com")).toBeUndefined();
    // Choosing Canada is no refusal yet: the province field appears, and the summary asks for it.
    const cookie = await choosePlan("creator");
    const toCanada = await settle(() =>
      checkoutAction(
        routeArgs(
          postForm("/checkout", { intent: "update", country: "CA", buyerType: "individual" }, cookie),
        ),
      ),
    );
    expect(toCanada.status).toBe(200);
    expect(toCanada.data).toMatchObject({
      summary: {
        taxReason: "Please choose your province or territory from the list.",
        amounts: { vatCents: 0 },
      },
    });
  });

  it("a consumer where the seller is not registered pays no tax, or is refused, as configured", async () => {
    await placeAs({ email: "us-consumer@example.com", country: "US", subdivision: "CA" });
    expect(await orderOf("us-consumer@example.com")).toMatchObject({
      vatRateBps: 0,
      taxReason: "not_registered",
      taxSubdivision: "CA",
    });
    process.env.TAX_UNREGISTERED = "refuse";
    loadConfig();
    const { result } = await placeAs({ email: "us-refused@example.com", country: "US", subdivision: "TX" });
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors?.country).toBe(
      "We cannot sell to consumers in United States yet: Verdeo is not registered for its tax. A business there can buy as a business.",
    );
    expect(await orderOf("us-refused@example.com")).toBeUndefined();
  });
});

const cookieFrom = (setCookie: string | null) => (setCookie ? cookiePair(setCookie) : null);
