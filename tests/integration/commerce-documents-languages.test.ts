import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveLanguage } from "~/accounts/profiles/profile-language.server";
import { billingDocumentOf } from "~/commerce/billing/billing-document.server";
import {
  partRefundDescription,
  renderCreditNote,
  renderInvoice,
} from "~/commerce/billing/invoice-pdf.server";
import { BILLING_RENEWAL_PATH } from "~/commerce/billing/subscription-views.server";
import { euroCentsOf } from "~/commerce/checkout/payment-instructions";
import { creditNotePath, invoicePath, proFormaPath, shortOrderId } from "~/commerce/orders/order-id";
import { markOrderPaid, placeOrder, refundOrder } from "~/commerce/orders/order-lifecycle.server";
import {
  findInvoiceOfOrder,
  findOrderWithPlanTitle,
  listCreditNotesOfOrder,
} from "~/commerce/orders/orders.server";
import { action as renewalAction } from "~/commerce/routes/billing-renewal";
import { loader as proFormaLoader } from "~/commerce/routes/pro-forma";
import { pricingTiers, subscriptions } from "~/commerce/schema.server";
import { loader as creditNoteLoader } from "~/licensing/routes/credit-note";
import { loader as invoiceLoader } from "~/licensing/routes/invoice";
import { formatMoney } from "~/payments/money";
import type { Locale } from "~/platform/i18n/locales";
import { formatDate } from "~/platform/text/dates";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createBuyerUser, routeArgs } from "../factories/commerce";
import { createOrder, createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { post } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";
import { pdfText } from "../support/pdf-text";

const database = useTestDatabase();

/** Mails and PDFs in the reader's language (docs/decisions/0033): commerce's order mails and billing documents. */

async function creatorTierId() {
  const [tier] = await database.db
    .select()
    .from(pricingTiers)
    .where(eq(pricingTiers.planCategory, "creator"));
  return tier!.id;
}

/** An order placed the way the checkout places it, from a checkout page in `language`. */
async function place(email: string, userId: string | null, language: Locale) {
  const placed = await placeOrder({
    selection: { category: "creator", tierId: await creatorTierId(), billing: "one_time" },
    promoCode: null,
    buyer: { email, company: null, country: "CY" },
    userId,
    language,
    idempotencyKey: randomUUID(),
  });
  if (!placed.ok) throw new Error(`the order was not placed: ${placed.reason}`);
  return placed.order;
}

const pay = (orderId: string) =>
  markOrderPaid({ orderId, reference: "SEPA 2026-11-28", paidAt: new Date(), actor: STAFF_ACTOR });

const germanMoney = (cents: number) => formatMoney(cents, "de");
const escaped = (text: string) => text.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&");

describe("an order's mails are in the buyer's language", () => {
  it("a German buyer's placed, receipt and refund mails are German, subject and body, whatever the checkout's language", async () => {
    const buyer = await createAccount();
    await saveLanguage(buyer.id, "de");
    const order = await place(buyer.email, buyer.id, "fr");
    await pay(order.id);
    await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });
    const number = shortOrderId(order.id);

    const [placed, paid, refunded, ...others] = await outboxFor(buyer.email);
    expect(others).toEqual([]);
    expect(placed?.subject).toBe(`Verdeo-Bestellung ${number}: Angaben zur Zahlung`);
    expect(placed?.text).toContain(`Danke für deine Bestellung ${number}.`);
    expect(placed?.text).toContain(
      `Standardlizenz, ${order.downloads} Downloads, Einmalkauf: ${germanMoney(order.totalCents)} (inkl. 19\u00a0% MwSt.)`,
    );
    expect(placed?.text).toContain("Bitte bezahle per Banküberweisung:");
    expect(placed?.text).toContain(`Betrag: ${germanMoney(euroCentsOf(order))}`);
    expect(placed?.text).toContain(`Verwendungszweck: ${number} (bitte gib ihn an`);
    expect(placed?.text).toContain(
      `Fragen? Schreib an support@verdeo.com und gib die Bestellung ${number} an.`,
    );

    expect(paid?.subject).toBe(`Verdeo-Bestellung ${number}: Zahlung erhalten`);
    expect(paid?.text).toContain(
      `Wir haben ${germanMoney(order.totalCents)} für die Bestellung ${number} erhalten. Danke!`,
    );
    expect(paid?.text).toMatch(new RegExp(`\nDeine Rechnung: \\S+${escaped(invoicePath(order.id))}\n`));

    expect(refunded?.subject).toBe(`Verdeo-Bestellung ${number}: Erstattet`);
    expect(refunded?.text).toContain(
      `Deine Bestellung ${number} wurde erstattet. Wir überweisen ${germanMoney(order.totalCents)}`,
    );
    expect(refunded?.text).toContain("Die ungenutzten Downloads der Bestellung sind verfallen");
    expect(refunded?.text).toMatch(
      new RegExp(`\nDeine Gutschrift: \\S+${escaped(creditNotePath(order.id))}`),
    );
    for (const mail of [placed, paid, refunded]) expect(mail?.text).not.toMatch(/\b(order|Your|Thank you)\b/);
  });

  it("a guest's mails are in the checkout's language", async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const order = await place(email, null, "fr");
    await pay(order.id);
    const number = shortOrderId(order.id);
    const [placed, paid] = await outboxFor(email);
    expect(placed?.subject).toBe(`Commande Verdeo ${number} : instructions de paiement`);
    expect(placed?.text).toContain("Veuillez payer par virement bancaire :");
    expect(placed?.text).toContain("Nous conservons la commande pendant 14 jours");
    expect(paid?.subject).toBe(`Commande Verdeo ${number} : paiement reçu`);
    expect(paid?.text).toContain(
      `Nous avons bien reçu ${formatMoney(order.totalCents, "fr")} pour la commande ${number}.`,
    );
  });

  it("a profile without a stored language gets the checkout's language; a stored English one keeps English", async () => {
    const spanish = await createBuyerUser();
    const order = await place(spanish.email, spanish.id, "es");
    expect((await outboxFor(spanish.email))[0]?.subject).toBe(
      `Pedido ${shortOrderId(order.id)} de Verdeo: instrucciones de pago`,
    );

    const english = await createAccount();
    await saveLanguage(english.id, "en");
    const other = await place(english.email, english.id, "de");
    expect((await outboxFor(english.email))[0]?.subject).toBe(
      `Verdeo order ${shortOrderId(other.id)}: payment instructions`,
    );
  });

  it("a German subscriber's subscription mail is German, its day written the German way", async () => {
    const account = await createAccount();
    const paid = await createPaidOrder({
      planCategory: "pro",
      billing: "monthly",
      downloads: 0,
      email: account.email,
      userId: account.id,
    });
    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, paid.order.id));
    await saveLanguage(account.id, "de");
    await post(
      renewalAction,
      BILLING_RENEWAL_PATH,
      { subscriptionId: subscription!.id, renewal: "stop" },
      await sessionCookie(account.email),
    );
    const stopped = (await outboxFor(account.email)).find((mail) =>
      mail.subject.endsWith("Verlängerung gestoppt"),
    );
    expect(stopped?.subject).toBe("Verdeo Pro-Plan: Verlängerung gestoppt");
    expect(stopped?.text).toContain(
      `Dein Pro-Plan wird nicht verlängert: Er endet am ${formatDate(subscription!.currentPeriodEnd, "de")}`,
    );
    expect(stopped?.text).toContain("Fragen? Schreib an support@verdeo.com.");
  });
});

/** A German business's paid reverse-charge order, as the licensing invoice tests buy it. */
async function germanBusinessOrder(userId: string, email: string) {
  const paid = await createPaidOrder({
    userId,
    email,
    company: "Nordlicht Film GmbH",
    unitPriceCents: 8_900,
    fields: {
      buyerType: "business",
      buyerName: "Jürgen Weiß",
      city: "Berlin",
      postalCode: "10117",
      country: "DE",
      vatNumber: "DE123456789",
      taxReason: "reverse_charge",
      vatRateBps: 0,
      vatAmountCents: 0,
      totalCents: 8_900,
    },
  });
  return (await findOrderWithPlanTitle(paid.order.id))!;
}

describe("an order's billing documents are in their reader's language", () => {
  it("the invoice for a German reader reads German headings, figures and legal note", async () => {
    const buyer = await createAccount();
    const order = await germanBusinessOrder(buyer.id, buyer.email);
    const invoice = (await findInvoiceOfOrder(order.id))!;
    const text = pdfText(
      await renderInvoice({
        ...billingDocumentOf(order, "de"),
        number: invoice.number,
        issuedAt: invoice.issuedAt,
        status: order.status,
      }),
    );
    for (const expected of [
      "Rechnung",
      `Rechnungsnummer INV-${invoice.issuedAt.getUTCFullYear()}-`,
      `Ausstellungsdatum ${formatDate(invoice.issuedAt, "de")}`,
      `Bestellung ${shortOrderId(order.id)}`,
      "RECHNUNG AN",
      "10117 Berlin, Deutschland",
      "USt-IdNr. DE123456789",
      // The table's headings and its line (pdftotext may set a column's cells apart from their row).
      "BESCHREIBUNG",
      "MWST.",
      "BETRAG",
      `${order.planTitle}-Plan, 10 Downloads, Standardlizenz · Einmalkauf`,
      "Nettobetrag 89,00 €",
      "MwSt. 0 % 0,00 €",
      "Gesamt 89,00 €",
      "Bezahlt. Danke, dass du Footage von unabhängigen Creators lizenzierst.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\s/g, "")).toContain(
      "Steuerschuldnerschaft des Leistungsempfängers (Reverse-Charge)".replace(/\s/g, ""),
    );
    expect(text).not.toMatch(/Invoice|BILLED TO|Net amount|Reverse charge:/);
  });

  it("a part refund's credit note for a French reader reads French", async () => {
    const buyer = await createAccount();
    const order = await germanBusinessOrder(buyer.id, buyer.email);
    await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });
    const [note] = await listCreditNotesOfOrder(order.id);
    const invoice = (await findInvoiceOfOrder(order.id))!;
    const document = billingDocumentOf(order, "fr");
    const text = pdfText(
      await renderCreditNote({
        ...document,
        // A part refund of €20.00, as licensing's creditNoteFor words and figures it.
        line: {
          ...document.line,
          description: partRefundDescription(document.line.description, "fr"),
          unitPriceCents: 2_000,
        },
        promoCode: null,
        discountCents: 0,
        vatCents: 0,
        number: note!.number,
        issuedAt: note!.issuedAt,
        invoiceNumber: invoice.number,
        invoiceIssuedAt: invoice.issuedAt,
        inFull: false,
        totalCents: 2_000,
        reason: null,
      }),
    );
    for (const expected of [
      "Avoir",
      "Numéro d'avoir CN-",
      "Rectifie la facture INV-",
      "FACTURÉ À",
      "Remboursement partiel : Offre",
      "licence standard",
      "Montant HT -20,00 €",
      "Total crédité",
      "Cet avoir rectifie la facture INV-",
      "Allemagne",
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe("the pro-forma answers in the reader's language", () => {
  async function proForma(orderId: string, cookie: string, acceptLanguage?: string) {
    const request = new Request(new URL(proFormaPath(orderId), "http://localhost"), {
      headers: { Cookie: cookie, ...(acceptLanguage ? { "Accept-Language": acceptLanguage } : {}) },
    });
    const response = (await proFormaLoader({
      ...routeArgs(request),
      params: { orderId },
    } as never)) as Response;
    expect(response.status).toBe(200);
    return pdfText(await response.arrayBuffer());
  }

  it("the stored language first, else the browser's: German over a French browser, French for a reader who chose none", async () => {
    const german = await createAccount();
    await saveLanguage(german.id, "de");
    const order = await createOrder({ userId: german.id, email: german.email });
    const text = await proForma(order.id, await sessionCookie(german.email), "fr-FR,fr;q=0.9");
    for (const expected of [
      "Proforma-Rechnung",
      `Bestellung ${shortOrderId(order.id)}`,
      "Zahlbar bis",
      `Verwendungszweck ${shortOrderId(order.id)}`,
      "Kontoinhaber",
      "ZAHLUNG PER BANKÜBERWEISUNG",
      "Dies ist keine Rechnung im steuerlichen Sinne",
      "MwSt. 19 %",
    ]) {
      expect(text).toContain(expected);
    }

    const french = await createAccount();
    const theirs = await createOrder({ userId: french.id, email: french.email });
    const frenchText = await proForma(theirs.id, await sessionCookie(french.email), "fr-FR,fr;q=0.9");
    for (const expected of [
      "Facture pro forma",
      "À payer avant le",
      "Montant",
      "Titulaire du compte",
      "Ceci n'est pas une facture au sens fiscal",
    ]) {
      expect(frenchText).toContain(expected);
    }
  });

  it("a Japanese reader's pro-forma prints its Japanese headings and dates", async () => {
    const reader = await createAccount();
    await saveLanguage(reader.id, "ja");
    const order = await createOrder({ userId: reader.id, email: reader.email });
    const text = await proForma(order.id, await sessionCookie(reader.email));
    for (const expected of [
      "見積請求書",
      "支払期限",
      "振込参照番号",
      "請求先",
      "品目",
      "合計",
      formatDate(new Date(), "ja"),
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe("the invoice and credit note routes answer in the reader's language", () => {
  async function pdfFrom(
    loader: (args: never) => Promise<unknown>,
    path: string,
    orderId: string,
    cookie: string,
    acceptLanguage?: string,
  ) {
    const request = new Request(new URL(path, "http://localhost"), {
      headers: { Cookie: cookie, ...(acceptLanguage ? { "Accept-Language": acceptLanguage } : {}) },
    });
    const response = (await loader({ ...routeArgs(request), params: { orderId } } as never)) as Response;
    expect(response.status).toBe(200);
    return pdfText(await response.arrayBuffer());
  }

  it("a German reader's invoice and a French browser's credit note", async () => {
    const buyer = await createAccount();
    await saveLanguage(buyer.id, "de");
    const order = await germanBusinessOrder(buyer.id, buyer.email);
    const cookie = await sessionCookie(buyer.email);
    const invoice = await pdfFrom(invoiceLoader, invoicePath(order.id), order.id, cookie, "fr-FR");
    expect(invoice).toContain("RECHNUNG AN");
    expect(invoice).not.toContain("BILLED TO");

    await saveLanguage(buyer.id, "fr");
    await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });
    const note = await pdfFrom(creditNoteLoader, creditNotePath(order.id), order.id, cookie);
    expect(note).toContain("Avoir");
    expect(note).toContain("FACTURÉ À");
  });
});
