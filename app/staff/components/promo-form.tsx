import { Form } from "react-router";
import { PROMO_CODE_MAX } from "~/commerce/checkout-schema";
import { PROMO_TYPES } from "~/commerce/plans";
import { PROMO_MAX_USES, PROMO_PER_CUSTOMER_MAX } from "~/commerce/promo-admin";
import { type FormReply, replyMessage } from "~/platform/form-reply";
import { ErrorNote, fieldClass, labelClass, SubmitButton } from "./staff-ui";

export interface PromoFormValues {
  code?: string;
  type?: string;
  value?: string;
  expiresAt?: string;
  maxUses?: string;
  perCustomerLimit?: string;
}

const TYPE_LABELS = { percent: "Percent off", fixed: "Fixed amount off (cents)" } as const;

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
        <div>
          <label htmlFor="promo-code" className={labelClass}>
            Code
          </label>
          <input
            id="promo-code"
            name="code"
            required
            maxLength={PROMO_CODE_MAX}
            defaultValue={values.code}
            autoCapitalize="characters"
            className={`mt-1 uppercase ${fieldClass}`}
            {...invalid("code")}
          />
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            Letters, digits, - and _. Buyers may type it in any case.
          </p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="promo-type" className={labelClass}>
            Type
          </label>
          <select
            id="promo-type"
            name="type"
            defaultValue={values.type ?? "percent"}
            className={`mt-1 ${fieldClass}`}
            {...invalid("type")}
          >
            {PROMO_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="promo-value" className={labelClass}>
            Value (percent, or cents)
          </label>
          <input
            id="promo-value"
            name="value"
            inputMode="numeric"
            required
            defaultValue={values.value}
            className={`mt-1 ${fieldClass}`}
            {...invalid("value")}
          />
        </div>
        <div>
          <label htmlFor="promo-expires" className={labelClass}>
            Expires (UTC, optional)
          </label>
          <input
            id="promo-expires"
            name="expiresAt"
            type="datetime-local"
            defaultValue={values.expiresAt}
            className={`mt-1 ${fieldClass}`}
            {...invalid("expiresAt")}
          />
        </div>
        <div>
          <label htmlFor="promo-max" className={labelClass}>
            Maximum uses (optional)
          </label>
          <input
            id="promo-max"
            name="maxUses"
            type="number"
            min={1}
            max={PROMO_MAX_USES}
            defaultValue={values.maxUses}
            className={`mt-1 ${fieldClass}`}
            {...invalid("maxUses")}
          />
        </div>
        <div>
          <label htmlFor="promo-per-customer" className={labelClass}>
            Uses per customer (optional)
          </label>
          <input
            id="promo-per-customer"
            name="perCustomerLimit"
            type="number"
            min={1}
            max={PROMO_PER_CUSTOMER_MAX}
            defaultValue={values.perCustomerLimit}
            className={`mt-1 ${fieldClass}`}
            {...invalid("perCustomerLimit")}
          />
        </div>
      </div>
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
