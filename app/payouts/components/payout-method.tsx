import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/button";
import { Field, FormError, TextInput } from "~/components/form-field";
import { CONNECT_STATUS_LABELS, CONNECT_STATUS_TEXTS, LIMITS } from "../details/payout-details";
import type { ConnectStatus, PayoutMethod } from "../runs/payouts";

export interface Reply {
  formError?: string | null;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

const STATUS_BADGE: Record<ConnectStatus, string> = {
  details_needed: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  enabled: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  restricted: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
};

const CARD = "rounded-2xl border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800";

function CurrentBadge() {
  return (
    <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
      Your payout method
    </span>
  );
}

/** Stripe Connect: set up (or continue) onboarding on Stripe's pages; the status Stripe reported. */
export function StripeMethod({
  method,
  stripe,
  reply,
}: {
  method: PayoutMethod | null;
  stripe: { status: ConnectStatus } | null;
  reply?: Reply;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "stripe";
  const current = method === "stripe";
  const label = !stripe
    ? "Set up Stripe payouts"
    : !current
      ? "Use Stripe for payouts"
      : stripe.status === "enabled"
        ? "Update your details on Stripe"
        : "Continue Stripe setup";
  return (
    <section aria-labelledby="stripe-method" className={CARD}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="stripe-method" className="text-lg font-semibold">
          Stripe
        </h3>
        {current ? <CurrentBadge /> : null}
        {stripe ? (
          <span
            data-testid="stripe-status"
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[stripe.status]}`}
          >
            {CONNECT_STATUS_LABELS[stripe.status]}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {stripe
          ? CONNECT_STATUS_TEXTS[stripe.status]
          : "Stripe pays out to your bank account. You enter your details on Stripe's own secure pages."}
      </p>
      {reply?.values?.intent === "stripe" ? (
        <div className="mt-3">
          <FormError message={reply.formError} />
        </div>
      ) : null}
      <Form method="post" className="mt-4">
        <button
          type="submit"
          name="intent"
          value="stripe"
          disabled={busy}
          className={buttonClass(current ? "primary" : "secondary")}
        >
          {busy ? "Opening Stripe…" : label}
        </button>
      </Form>
    </section>
  );
}

/** Bank transfer: holder, IBAN (never shown back: the last 4 digits only) and BIC. */
export function BankMethod({
  method,
  bank,
  reply,
}: {
  method: PayoutMethod | null;
  bank: { holder: string; ibanLast4: string; bic: string; savedAt: string } | null;
  reply?: Reply;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "bank";
  const ours = reply?.values?.intent === "bank";
  const sent = ours ? (reply?.values ?? {}) : {};
  const errors = ours ? (reply?.fieldErrors ?? {}) : {};
  const current = method === "bank";
  return (
    <section aria-labelledby="bank-method" className={CARD}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="bank-method" className="text-lg font-semibold">
          Bank transfer (SEPA)
        </h3>
        {current ? <CurrentBadge /> : null}
      </div>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {bank
          ? `Payouts by bank transfer go to ${bank.holder}, account ending in ${bank.ibanLast4}.`
          : "We send your payout in euros to your bank account. Your IBAN is stored encrypted."}
      </p>
      <Form
        // A new form after each save: the IBAN typed is not left on screen, the saved values show.
        key={bank?.savedAt ?? "new"}
        method="post"
        className="mt-4 grid gap-4"
        aria-label="Bank details"
      >
        {ours ? <FormError message={reply?.formError} /> : null}
        <Field label="Account holder" htmlFor="holder" error={errors.holder}>
          <TextInput
            name="holder"
            required
            maxLength={LIMITS.holder}
            autoComplete="name"
            defaultValue={sent.holder ?? bank?.holder ?? ""}
            error={errors.holder}
          />
        </Field>
        <Field
          label="IBAN"
          htmlFor="iban"
          error={errors.iban}
          hint={
            bank
              ? `Saved: ending in ${bank.ibanLast4}. Leave empty to keep it.`
              : "Spaces are fine, e.g. DE89 3704 0044 0532 0130 00."
          }
        >
          <TextInput
            name="iban"
            required={!bank}
            maxLength={LIMITS.iban}
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
            placeholder={bank ? `•••• ${bank.ibanLast4}` : undefined}
            defaultValue={sent.iban ?? ""}
            error={errors.iban}
            hasHint
            className="font-mono uppercase"
          />
        </Field>
        <Field
          label="BIC (SWIFT code)"
          htmlFor="bic"
          error={errors.bic}
          hint="8 or 11 characters, e.g. COBADEFFXXX."
        >
          <TextInput
            name="bic"
            required
            maxLength={LIMITS.bic + 4}
            autoComplete="off"
            spellCheck={false}
            defaultValue={sent.bic ?? bank?.bic ?? ""}
            error={errors.bic}
            hasHint
            className="font-mono uppercase"
          />
        </Field>
        <div>
          <button
            type="submit"
            name="intent"
            value="bank"
            disabled={busy}
            className={buttonClass(current || !method ? "primary" : "secondary")}
          >
            {busy ? "Saving…" : current || !method ? "Save bank details" : "Save and use bank transfer"}
          </button>
        </div>
      </Form>
    </section>
  );
}
