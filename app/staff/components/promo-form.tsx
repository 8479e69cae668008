import { Form } from "react-router";
import { PROMO_CODE_MAX } from "~/commerce/checkout/checkout-schema";
import { PROMO_TYPES } from "~/commerce/pricing/plans";
import { PROMO_MAX_USES, PROMO_PER_CUSTOMER_MAX } from "~/commerce/pricing/promo-admin";
import { type FormReply, replyMessage } from "~/platform/http/form-reply";
import { SelectField, TextField } from "./fields";
import { ErrorNote, SubmitButton } from "./staff-ui";

export interface PromoFormValues {
  code?: string;
  type?: string;
  value?: string;
  expiresAt?: string;
  maxUses?: string;
  perCustomerLimit?: string;
}

const TYPE_OPTIONS = PROMO_TYPES.map((type) => ({
  value: type,
  label: { percent: "Percent off", fixed: "Fixed amount off (euros)" }[type],
}));

/** The optional limits: each a whole number from 1, empty for none. */
const LIMITS = [
  ["maxUses", "Maximum uses (optional)", PROMO_MAX_USES],
  ["perCustomerLimit", "Uses per customer (optional)", PROMO_PER_CUSTOMER_MAX],
] as const;

/** Create and edit share the form; the code itself is fixed once created. */
export function PromoForm({
  values,
  reply,
  submitLabel,
  codeEditable,
}: {
  values: PromoFormValues;
  /** The refused submit, if any: its first message is shown, every refused field is marked. */
  reply?: FormReply;
  submitLabel: string;
  codeEditable: boolean;
}) {
  const invalid = (name: string) =>
    reply?.fieldErrors[name] ? { "aria-invalid": true, "aria-describedby": "promo-error" } : {};
  return (
    <Form method="post" className="max-w-xl space-y-4">
      <input type="hidden" name="intent" value={codeEditable ? "create" : "update"} />
      <div id="promo-error">
        <ErrorNote message={reply ? replyMessage(reply) : null} />
      </div>
      {codeEditable ? (
        <TextField
          label="Code"
          name="code"
          required
          maxLength={PROMO_CODE_MAX}
          defaultValue={values.code}
          autoCapitalize="characters"
          hint="Letters, digits, - and _. Buyers may type it in any case."
          {...invalid("code")}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Type"
          name="type"
          defaultValue={values.type ?? "percent"}
          options={TYPE_OPTIONS}
          {...invalid("type")}
        />
        <TextField
          label="Value (percent, or euros)"
          name="value"
          inputMode="decimal"
          required
          defaultValue={values.value}
          hint="A whole percent (1 to 100), or euros with up to two decimals (4.99)."
          {...invalid("value")}
        />
        <TextField
          label="Expires (UTC, optional)"
          name="expiresAt"
          type="datetime-local"
          defaultValue={values.expiresAt}
          {...invalid("expiresAt")}
        />
        {LIMITS.map(([name, label, max]) => (
          <TextField
            key={name}
            label={label}
            name={name}
            type="number"
            min={1}
            max={max}
            defaultValue={values[name]}
            {...invalid(name)}
          />
        ))}
      </div>
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
