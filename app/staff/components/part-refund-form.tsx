import { Form } from "react-router";
import type { Currency } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import { TextAreaField } from "./fields";
import { MoneyInput } from "./money-input";
import { SubmitButton } from "./staff-ui";

/**
 * Giving back part of a paid order, with the reason its credit note states. `refundedCents` is
 * what was refunded when the page was drawn: the server refuses the form if it changed meanwhile.
 */
export function PartRefundForm({
  totalCents,
  currency,
  refundedCents,
  cardPayment,
  reasonMax,
  values,
}: {
  totalCents: number;
  currency: Currency;
  refundedCents: number;
  cardPayment: boolean;
  reasonMax: number;
  values?: Record<string, string>;
}) {
  const left = totalCents - refundedCents;
  return (
    <Form method="post" className="mt-4 space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <h3 className="text-sm font-semibold">Refund part of it</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {refundedCents > 0 ? `${formatMoney(refundedCents, undefined, currency)} refunded so far; ` : ""}
        less than {formatMoney(left, undefined, currency)} can go back this way (the whole rest is a refund).{" "}
        {cardPayment
          ? "It goes back to the card through Stripe."
          : "Return it to the buyer by bank transfer."}{" "}
        The order stays paid with its downloads; the buyer gets a credit note for the amount.
      </p>
      <input type="hidden" name="intent" value="part-refund" />
      <input type="hidden" name="expectedRefundedCents" value={refundedCents} />
      <MoneyInput
        label={`Amount to refund (${currency})`}
        name="amount"
        currency={currency}
        value={values?.amount}
        required
      />
      <TextAreaField
        label="Reason (printed on the credit note)"
        name="reason"
        required
        maxLength={reasonMax}
        rows={2}
        defaultValue={values?.reason}
      />
      <SubmitButton variant="secondary">Refund part</SubmitButton>
    </Form>
  );
}
