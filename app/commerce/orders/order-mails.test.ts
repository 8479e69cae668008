import { describe, expect, it } from "vitest";
import { LOCALES } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import type { Order } from "./order.queries.server";
import { ORDER_MAIL_NAMESPACES, type OrderMailStep, orderMail } from "./order-mails";

const STEPS: OrderMailStep[] = [
  "placed",
  "paid",
  "cancelled",
  "refunded",
  "part_refunded",
  "expired",
  "late_payment_refunded",
  "vat_number_confirmed",
];

const SETTINGS = {
  PUBLIC_URL: "https://verdeo.test",
  ORDER_EXPIRY_DAYS: 14,
  SELLER_NAME: "Verdeo Ltd",
  SELLER_BANK_NAME: "Bank of Cyprus",
  SELLER_IBAN: "CY17002001280000001200527600",
  SELLER_BIC: "BCYPCY2N",
};

/** A paid business order in dollars with a VAT number still being checked: every line a mail can have. */
const ORDER = {
  id: "8f14e45f-ceea-467f-a0e6-1ec9ffb1a2c3",
  email: "buyer@example.com",
  licenseKind: "standard",
  downloads: 10,
  billing: "one_time",
  totalCents: 10_591,
  currency: "USD",
  eurRate: "1.0812",
  locale: "en-US",
  vatRateBps: 1900,
  taxReason: "eu_consumer",
  country: "DE",
  taxSubdivision: null,
  vatNumber: "DE123456789",
  vatCheckStatus: "pending",
  vatConsultationNumber: "WAPI1",
  paidAt: new Date("2026-11-02T10:00:00Z"),
  paymentReference: "SEPA 2026-11-02",
} as unknown as Order;

describe("the order mails in every language", () => {
  it("leave no catalogue key or message syntax in any step's subject or body", () => {
    for (const locale of LOCALES) {
      const i18n = translator(locale, ORDER_MAIL_NAMESPACES);
      for (const step of STEPS)
        for (const stripe of [undefined, "sk_test_x"]) {
          const mail = orderMail(ORDER, step, { ...SETTINGS, STRIPE_SECRET_KEY: stripe }, i18n, {
            amountCents: 1_500,
            creditNoteNumber: 2,
          });
          const text = `${mail.subject}\n${mail.text}`;
          expect(text, `${locale} ${step}`).not.toMatch(/commerce(-mail)?\.[a-z]|[{}]/);
          expect(mail.subject, `${locale} ${step}`).toContain("8F14E45F");
        }
    }
  });

  it("write amounts, rates and links the way the mail's language does", () => {
    const mail = orderMail(ORDER, "placed", SETTINGS, translator("de", ORDER_MAIL_NAMESPACES));
    expect(mail.subject).toBe("Verdeo-Bestellung 8F14E45F: Angaben zur Zahlung");
    expect(mail.text).toContain(
      "Standardlizenz, 10 Downloads, Einmalkauf: 105,91\u00a0$ (inkl. 19\u00a0% MwSt.)",
    );
    expect(mail.text).toContain("Bitte bezahle per Banküberweisung:");
    expect(mail.text).toContain("Verwendungszweck: 8F14E45F");
    // The dollar order is paid in euros at its rate: the page's note, in German.
    expect(mail.text).toContain("Unser Konto nimmt nur Euro an");
    expect(mail.text).toContain("Wir halten die Bestellung 14 Tage lang für dich bereit");
    const expired = orderMail(ORDER, "expired", SETTINGS, translator("de", ORDER_MAIL_NAMESPACES));
    expect(expired.text).toContain("https://verdeo.test/de/pricing");
  });

  it("in Japanese set a paragraph's sentences without a space between them", () => {
    const mail = orderMail(ORDER, "refunded", SETTINGS, translator("ja", ORDER_MAIL_NAMESPACES), {
      amountCents: 1_500,
      creditNoteNumber: 2,
    });
    expect(mail.text.split("\n")[0]).toBe(
      "ご注文 8F14E45F を返金しました。$15.00は、お支払い元の口座へ銀行振込で返金します。その口座が解約済みの場合は、返金先のIBANをご返信ください。",
    );
  });
});
