import { describe, expect, it } from "vitest";
import { PRO_FORMA_NOTICE } from "~/commerce/billing/invoice-pdf.server";
import { invoicePath, proFormaPath, shortOrderId } from "~/commerce/orders/order-id";
import { markOrderPaid } from "~/commerce/orders/order-lifecycle.server";
import { loader as proFormaLoader } from "~/commerce/routes/pro-forma";
import { invoiceCounter, invoices } from "~/commerce/schema.server";
import { formatMoney } from "~/payments/money";
import { config, loadConfig } from "~/platform/config.server";
import { formatDate } from "~/platform/text/dates";
import { createAccount, sessionCookie } from "../factories/accounts";
import { routeArgs } from "../factories/commerce";
import { createOrder, STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { pdfText } from "../support/pdf-text";

const database = useTestDatabase();

/** Issue 35 point 11: a pro-forma invoice before payment, for buyers paying by bank transfer. */

async function proForma(orderId: string, cookie: string) {
  const request = new Request(new URL(proFormaPath(orderId), "http://localhost"), {
    headers: { Cookie: cookie },
  });
  return (await proFormaLoader({ ...routeArgs(request), params: { orderId } } as never)) as Response;
}

const lastInvoiceNumber = async () => (await database.db.select().from(invoiceCounter))[0]?.lastNumber ?? 0;

/** A business buyer's order of €249.00 net with 10% off, 19% VAT: the figures the PDF must print. */
async function pendingOrder(userId: string, email: string) {
  return createOrder({
    userId,
    email,
    company: "Northwind Films Ltd",
    unitPriceCents: 24_900,
    fields: {
      buyerType: "business",
      buyerName: "Eleni Georgiou",
      addressLine: "12 Makariou Avenue",
      postalCode: "1065",
      city: "Nicosia",
      promoCode: "WELCOME10",
      promoValueCents: 2_490,
      vatRateBps: 1_900,
      vatAmountCents: 4_258,
      totalCents: 26_668,
    },
  });
}

describe("the pro-forma invoice of an order awaiting a bank transfer", () => {
  it("prints the order's stored figures, the bank details, the payable-by day and that it is not a tax invoice, with no invoice number", async () => {
    const buyer = await createAccount();
    const order = await pendingOrder(buyer.id, buyer.email);
    const before = await lastInvoiceNumber();

    const response = await proForma(order.id, await sessionCookie(buyer.email));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = pdfText(await response.arrayBuffer());

    const settings = config();
    const payableBy = new Date(order.createdAt.getTime() + settings.ORDER_EXPIRY_DAYS * 24 * 3600 * 1000);
    for (const expected of [
      "Pro-forma invoice",
      shortOrderId(order.id),
      "Northwind Films Ltd",
      "Eleni Georgiou",
      "1065 Nicosia, Cyprus",
      formatMoney(24_900),
      `Discount (WELCOME10) 19% -${formatMoney(2_490)}`,
      `Net amount ${formatMoney(22_410)}`,
      `VAT 19% ${formatMoney(4_258)}`,
      `Total ${formatMoney(26_668)}`,
      `Payable by ${formatDate(payableBy)}`,
      `Reference ${shortOrderId(order.id)}`,
      settings.SELLER_IBAN,
      settings.SELLER_BIC,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\s/g, "")).toContain(PRO_FORMA_NOTICE.replace(/\s/g, ""));
    expect(text).toContain("This is not a tax invoice");
    expect(text).not.toMatch(/Invoice number|INV-\d{4}-/);

    // Nothing was numbered: the invoice counter stands still and the order has no invoice row.
    expect(await lastInvoiceNumber()).toBe(before);
    expect((await database.db.select().from(invoices)).some((row) => row.orderId === order.id)).toBe(false);
  });

  it("is not found for anyone but the order's buyer", async () => {
    const buyer = await createAccount();
    const order = await pendingOrder(buyer.id, buyer.email);
    const stranger = await createAccount();
    const response = await proForma(order.id, await sessionCookie(stranger.email));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });

  it("once paid, leads to the order's invoice instead", async () => {
    const buyer = await createAccount();
    const order = await pendingOrder(buyer.id, buyer.email);
    const paid = await markOrderPaid({
      orderId: order.id,
      reference: "SEPA 2026-11-28",
      paidAt: new Date(),
      actor: STAFF_ACTOR,
    });
    expect(paid.ok).toBe(true);
    const response = await proForma(order.id, await sessionCookie(buyer.email));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(invoicePath(order.id));
  });

  it("is not found for an order that can no longer be paid, or one paid by card on a server that takes cards", async () => {
    const buyer = await createAccount();
    const cookie = await sessionCookie(buyer.email);
    const cancelled = await createOrder({
      userId: buyer.id,
      email: buyer.email,
      fields: { status: "cancelled" },
    });
    expect((await proForma(cancelled.id, cookie)).status).toBe(404);

    const pending = await createOrder({ userId: buyer.id, email: buyer.email });
    process.env.STRIPE_SECRET_KEY = "sk_test_cards_on";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_cards_on";
    loadConfig();
    try {
      expect((await proForma(pending.id, cookie)).status).toBe(404);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
      loadConfig();
    }
  });
});
