import { BASE_CURRENCY, type Currency, type EurRate } from "~/payments/currencies";
import type { I18n } from "~/platform/i18n/i18n";
import { plainRate } from "../billing/exchange-line";
import { moneyIn } from "../locale-format";
import { euroCentsOf, type PaymentInstructions } from "./payment-instructions";

/**
 * Bank-transfer details as a page shows them in its language: the amount formatted for it and the
 * note on an order in another currency said in it (the mail keeps payment-instructions.ts's English).
 */
export function paymentInLanguage(
  instructions: PaymentInstructions | null,
  order: { id: string; totalCents: number; currency?: Currency; eurRate?: EurRate },
  i18n: Pick<I18n, "t" | "tag">,
): PaymentInstructions | null {
  if (!instructions) return null;
  const currency = order.currency ?? BASE_CURRENCY;
  const euros = euroCentsOf(order);
  return {
    ...instructions,
    amount: moneyIn(i18n.tag, euros),
    currencyNote:
      currency === BASE_CURRENCY
        ? null
        : i18n.t("commerce.payment.currencyNote", {
            total: moneyIn(i18n.tag, order.totalCents, currency),
            euros: moneyIn(i18n.tag, euros),
            rate: plainRate(order.eurRate ?? "1"),
            currency,
          }),
  };
}
