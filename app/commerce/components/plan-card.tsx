import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass, Spinner } from "~/components/button";
import { useI18n } from "~/platform/i18n/i18n";
import { moneyIn } from "../locale-format";
import { downloadsLabel, LICENSE_LABEL_KEYS } from "../pricing/plan-labels";
import { type Billing, billingsFor, type PlanView } from "../pricing/plans";
import { annualSavingCents, priceForBilling } from "../pricing/pricing-math";

const PERIOD_KEYS: Record<Exclude<Billing, "one_time">, string> = {
  monthly: "commerce.plan.perMonth",
  annual: "commerce.plan.perYear",
};

export function CheckIcon({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden className={`size-5 shrink-0 ${className}`}>
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** One plan: what it is, what it includes, its tiers, and a button that starts the checkout. */
export function PlanCard({
  plan,
  featured,
  clipId,
}: {
  plan: PlanView;
  featured: boolean;
  /** The clip the buyer came to download: checkout carries it on to the download step. */
  clipId?: number;
}) {
  const { t, tag } = useI18n();
  const billings = billingsFor(plan.category);
  const subscription = !billings.includes("one_time");
  const [billing, setBilling] = useState<Billing>(billings[0]);
  const navigation = useNavigation();
  const choosing = navigation.state !== "idle" && navigation.formData?.get("category") === plan.category;
  const firstTier = plan.tiers[0];
  if (!firstTier) return null;
  const headingId = `plan-${plan.category}`;

  return (
    <section
      aria-labelledby={headingId}
      data-testid={`plan-${plan.category}`}
      className={`relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm sm:p-8 dark:bg-zinc-900 ${
        featured
          ? "border-brand-600 ring-2 ring-brand-600/30 dark:border-brand-500"
          : "border-zinc-200 dark:border-zinc-800"
      }`}
    >
      {plan.badge ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white dark:bg-brand-500 dark:text-zinc-950">
          {plan.badge}
        </p>
      ) : null}
      <h2 id={headingId} className="text-xl font-bold">
        {plan.title}
      </h2>
      <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-400">
        {t(LICENSE_LABEL_KEYS[plan.licenseKind])}
      </p>
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{plan.subtitle}</p>

      <Form method="post" className="mt-6 flex flex-1 flex-col">
        <input type="hidden" name="category" value={plan.category} />
        {clipId ? <input type="hidden" name="clip" value={clipId} /> : null}
        {subscription ? (
          <SubscriptionPrice plan={plan} billing={billing} onBillingChange={setBilling} billings={billings} />
        ) : (
          <>
            <input type="hidden" name="billing" value="one_time" />
            <p className="flex items-baseline gap-2">
              <span className="text-sm text-zinc-500 dark:text-zinc-400">{t("commerce.plan.from")}</span>
              <span className="text-4xl font-bold tracking-tight">
                {moneyIn(tag, firstTier.priceCents, firstTier.currency)}
              </span>
            </p>
            <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              {t("commerce.plan.oneTimeExclVat")}
            </p>
          </>
        )}

        {plan.tiers.length > 1 || !subscription ? (
          <fieldset className="mt-6">
            <legend className="mb-2 text-sm font-semibold">{t("commerce.plan.choosePack")}</legend>
            <div className="grid gap-2">
              {plan.tiers.map((tier, index) => (
                <label
                  key={tier.id}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-zinc-200 px-4 py-3 text-sm transition-colors hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:border-zinc-700 dark:has-[:checked]:border-brand-500 dark:has-[:checked]:bg-brand-950/40"
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="tierId"
                      value={tier.id}
                      defaultChecked={index === 0}
                      className="size-4 accent-brand-700"
                    />
                    <span className="font-medium">{downloadsLabel(t, tier.downloads, true)}</span>
                  </span>
                  <span className="font-semibold tabular-nums">
                    {moneyIn(
                      tag,
                      priceForBilling(tier.priceCents, subscription ? billing : "one_time"),
                      tier.currency,
                    )}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <input type="hidden" name="tierId" value={firstTier.id} />
        )}

        <ul className="mt-6 grid gap-2 text-sm">
          {plan.perks.map((perk) => (
            <li key={perk} className="flex gap-2">
              <CheckIcon className="text-brand-600 dark:text-brand-400" />
              <span>{perk}</span>
            </li>
          ))}
        </ul>

        <div className="mt-auto pt-8">
          <button
            type="submit"
            disabled={choosing}
            className={buttonClass(featured ? "primary" : "secondary", "w-full py-3")}
          >
            {choosing ? <Spinner label={t("commerce.plan.starting")} /> : null}
            {t("commerce.plan.choose", { plan: plan.title })}
          </button>
        </div>
      </Form>
    </section>
  );
}

function SubscriptionPrice({
  plan,
  billing,
  billings,
  onBillingChange,
}: {
  plan: PlanView;
  billing: Billing;
  billings: readonly Billing[];
  onBillingChange: (billing: Billing) => void;
}) {
  const monthly = plan.tiers[0]!.priceCents;
  const currency = plan.tiers[0]!.currency;
  const saving = annualSavingCents(monthly);
  const { t, tag } = useI18n();
  return (
    <div>
      <fieldset>
        <legend className="sr-only">{t("commerce.plan.billingPeriod")}</legend>
        <div className="inline-flex rounded-full bg-zinc-100 p-1 text-sm dark:bg-zinc-800">
          {billings.map((option) => (
            <label
              key={option}
              className="cursor-pointer rounded-full px-4 py-1.5 font-medium text-zinc-600 transition-colors has-[:checked]:bg-white has-[:checked]:text-zinc-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:text-zinc-300 dark:has-[:checked]:bg-zinc-950 dark:has-[:checked]:text-white"
            >
              <input
                type="radio"
                name="billing"
                value={option}
                checked={billing === option}
                onChange={() => onBillingChange(option)}
                className="sr-only"
              />
              {option === "monthly" ? t("commerce.plan.monthly") : t("commerce.plan.annual")}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight" data-testid="pro-price">
          {moneyIn(tag, priceForBilling(monthly, billing), currency)}
        </span>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {billing === "one_time" ? "" : t(PERIOD_KEYS[billing])}
        </span>
      </p>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {t("commerce.plan.exclVat", { downloads: downloadsLabel(t, plan.tiers[0]!.downloads) })}
      </p>
      <p
        className={`mt-2 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
          billing === "annual"
            ? "bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300"
            : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        }`}
      >
        {billing === "annual"
          ? t("commerce.plan.annualSaving", { amount: moneyIn(tag, saving, currency) })
          : t("commerce.plan.monthlySaving", { amount: moneyIn(tag, saving, currency) })}
      </p>
    </div>
  );
}
