import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/button";
import { Field, FormError, TextInput } from "~/components/form-field";
import { useT } from "~/platform/i18n/i18n";
import { LIMITS } from "../details/payout-details";
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

const STATUS_LABELS: Record<ConnectStatus, string> = {
  details_needed: "payouts.stripe.status.detailsNeeded",
  enabled: "payouts.stripe.status.enabled",
  restricted: "payouts.stripe.status.restricted",
};

const STATUS_TEXTS: Record<ConnectStatus, string> = {
  details_needed: "payouts.stripe.statusText.detailsNeeded",
  enabled: "payouts.stripe.statusText.enabled",
  restricted: "payouts.stripe.statusText.restricted",
};

const CARD = "rounded-2xl border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800";

function CurrentBadge() {
  const t = useT();
  return (
    <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
      {t("payouts.method.current")}
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
  const t = useT();
  const label = !stripe
    ? t("payouts.stripe.setUp")
    : !current
      ? t("payouts.stripe.use")
      : stripe.status === "enabled"
        ? t("payouts.stripe.update")
        : t("payouts.stripe.continue");
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
            {t(STATUS_LABELS[stripe.status])}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {stripe ? t(STATUS_TEXTS[stripe.status]) : t("payouts.stripe.intro")}
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
          {busy ? t("payouts.stripe.opening") : label}
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
  const t = useT();
  return (
    <section aria-labelledby="bank-method" className={CARD}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="bank-method" className="text-lg font-semibold">
          {t("payouts.bank.heading")}
        </h3>
        {current ? <CurrentBadge /> : null}
      </div>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {bank
          ? t("payouts.bank.saved", { holder: bank.holder, last4: bank.ibanLast4 })
          : t("payouts.bank.intro")}
      </p>
      <Form
        // A new form after each save: the IBAN typed is not left on screen, the saved values show.
        key={bank?.savedAt ?? "new"}
        method="post"
        className="mt-4 grid gap-4"
        aria-label={t("payouts.bank.label")}
      >
        {ours ? <FormError message={reply?.formError} /> : null}
        <Field label={t("payouts.bank.holder")} htmlFor="holder" error={errors.holder}>
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
          label={t("payouts.bank.iban")}
          htmlFor="iban"
          error={errors.iban}
          hint={bank ? t("payouts.bank.ibanSaved", { last4: bank.ibanLast4 }) : t("payouts.bank.ibanHint")}
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
          label={t("payouts.bank.bic")}
          htmlFor="bic"
          error={errors.bic}
          hint={t("payouts.bank.bicHint")}
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
            {busy
              ? t("payouts.saving")
              : current || !method
                ? t("payouts.bank.save")
                : t("payouts.bank.saveAndUse")}
          </button>
        </div>
      </Form>
    </section>
  );
}
