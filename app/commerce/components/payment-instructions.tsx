import { useT } from "~/platform/i18n/i18n";
import {
  PAYMENT_INSTRUCTION_ROWS,
  PAYMENT_ROW_KEYS,
  type PaymentInstructions,
} from "../checkout/payment-instructions";

/** How to pay an order by bank transfer: the success page and the order page show the mail's figures. */
export function PaymentInstructionsPanel({ instructions }: { instructions: PaymentInstructions }) {
  const t = useT();
  return (
    <section
      aria-labelledby="payment-instructions-heading"
      className="w-full rounded-2xl border border-brand-200 bg-brand-50 p-5 text-left text-sm dark:border-brand-900 dark:bg-brand-950/40"
      data-testid="payment-instructions"
    >
      <h2 id="payment-instructions-heading" className="font-semibold">
        {t("commerce.payment.heading")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {PAYMENT_INSTRUCTION_ROWS.map(({ key }) => (
          <div key={key} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{t(PAYMENT_ROW_KEYS[key])}</dt>
            <dd className="break-all font-medium" data-testid={`payment-${key}`}>
              {instructions[key]}
            </dd>
          </div>
        ))}
      </dl>
      {instructions.currencyNote ? (
        <p className="mt-3 font-medium" data-testid="payment-currency-note">
          {instructions.currencyNote}
        </p>
      ) : null}
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("commerce.payment.quoteReference")}</p>
    </section>
  );
}
