import { redirect } from "react-router";
import { pageMeta } from "~/components/meta";
import { CURRENCY_NAME_KEYS, CurrencySwitcher } from "~/payments/components/currency-switcher";
import { visitorCurrency } from "~/payments/rates/visitor-currency";
import { DEFAULT_TAX_BUYER } from "~/payments/tax";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import type { RouteHandle } from "~/platform/http/route-handle";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { logger } from "~/platform/logger.server";
import { localMessage } from "../checkout/checkout-messages";
import { ChoosePlanSchema } from "../checkout/checkout-schema";
import { findClipToLicense } from "../checkout/clip-to-license.server";
import { ClipBeingLicensed } from "../components/clip-being-licensed";
import { PlanCard } from "../components/plan-card";
import { quoteCheckout } from "../orders/orders.server";
import { englishI18n, pageI18n } from "../page-i18n.server";
import { planInLanguage } from "../pricing/plan-texts";
import { planInCurrency } from "../pricing/plans";
import { listActivePlans } from "../pricing/plans.server";
import type { Route } from "./+types/pricing";
import { commitCheckoutSession, getCheckoutSession, startCheckout } from "./checkout-session.server";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

const PRICING_TEXTS = {
  choosePlan: "Please choose a plan.",
  planGone: "That plan is no longer available. Please choose another.",
} as const;

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("commerce.pricing.metaTitle"), t("commerce.pricing.metaDescription"));
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { messages, i18n } = pageI18n(params);
  const english = englishI18n();
  // `?clip=`: the buyer came from a clip's Download button (licensing's download step).
  const clip = await findClipToLicense(new URL(request.url).searchParams.get("clip")).catch((error) => {
    logger.error({ err: error, requestId: context.requestId }, "loading the clip being licensed failed");
    return null;
  });
  const currency = visitorCurrency(request.headers);
  try {
    const plans = (await listActivePlans()).map((plan) =>
      planInLanguage(planInCurrency(plan, currency), english, i18n),
    );
    return { plans, loadFailed: false, clip, currency, messages };
  } catch (error) {
    // A pricing load error is only logged; the page explains instead of going blank.
    logger.error({ err: error, requestId: context.requestId }, "loading pricing plans failed");
    return { plans: [], loadFailed: true, clip, currency, messages };
  }
}

/** Choosing a plan: the server looks the tier up and keeps the checkout data for this browser session. */
export async function action({ request, params }: Route.ActionArgs) {
  const { i18n } = pageI18n(params);
  const parsed = await parseForm(request, ChoosePlanSchema);
  // The plan buttons send only hidden fields: whatever is wrong, the visitor just chooses again.
  if (!parsed.ok) return replyWith(formReply(localMessage(PRICING_TEXTS.choosePlan, i18n)));
  // In the visitor's currency; a tier without a price in it is sold in euros (the page said so).
  const quote =
    (await quoteCheckout(
      parsed.data,
      null,
      DEFAULT_TAX_BUYER,
      null,
      undefined,
      visitorCurrency(request.headers),
    )) ?? (await quoteCheckout(parsed.data, null, DEFAULT_TAX_BUYER));
  if (!quote) return replyWith(formReply(localMessage(PRICING_TEXTS.planGone, i18n)));
  // The clip the plan card carried (a hidden field): kept only if it still names a published clip.
  const clip = await findClipToLicense(parsed.values.clip);
  const session = await getCheckoutSession(request);
  startCheckout(
    session,
    {
      category: quote.tier.category,
      tierId: quote.tier.tierId,
      billing: quote.billing,
      title: quote.tier.title,
      license: quote.tier.licenseKind,
      downloads: quote.tier.downloads,
      priceCents: quote.amounts.unitPriceCents,
      currency: quote.tier.currency,
    },
    clip?.id ?? null,
  );
  return redirect(localizedPath(pageLocaleOf(params), "/checkout"), {
    headers: { "Set-Cookie": await commitCheckoutSession(session) },
  });
}

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, loadFailed, clip, currency } = loaderData;
  const { t } = useI18n();
  // Tiers without a price in the visitor's currency are sold in euros: the page says so.
  const inEuros =
    currency !== "EUR" && plans.some((plan) => plan.tiers.some((tier) => tier.currency === "EUR"));
  // The first plan with a badge ("Most popular") gets the highlight.
  const featured = plans.find((plan) => plan.badge !== null);
  return (
    <main className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-brand-50 to-transparent dark:from-brand-950/40"
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            {t("commerce.pricing.eyebrow")}
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">
            {t("commerce.pricing.heading")}
          </h1>
          <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">{t("commerce.pricing.lead")}</p>
        </header>

        <div className="mx-auto mt-8 flex max-w-xl flex-col items-center gap-3">
          <CurrencySwitcher
            current={currency}
            id="pricing"
            label={t("commerce.pricing.currencyLabel")}
            className="justify-center"
          />
          {inEuros ? (
            <p
              className="text-center text-sm text-zinc-600 dark:text-zinc-400"
              data-testid="currency-fallback"
            >
              {t("commerce.pricing.euroFallback", { currency: t(CURRENCY_NAME_KEYS[currency]) })}
            </p>
          ) : null}
        </div>

        {clip ? (
          <ClipBeingLicensed
            clip={clip}
            lead={t("commerce.clip.pricingLead")}
            className="mx-auto mt-8 max-w-xl"
          >
            {t("commerce.clip.pricingNext")}
          </ClipBeingLicensed>
        ) : null}

        {actionData ? (
          <p
            role="alert"
            className="mx-auto mt-8 max-w-xl rounded-xl bg-red-50 px-4 py-3 text-center text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200"
          >
            {replyMessage(actionData)}
          </p>
        ) : null}

        {loadFailed || plans.length === 0 ? (
          <div
            role="alert"
            className="mx-auto mt-12 max-w-xl rounded-2xl border border-zinc-200 bg-white p-8 text-center dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 className="text-lg font-semibold">{t("commerce.pricing.loadFailedTitle")}</h2>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              {t("commerce.pricing.loadFailedText")}
            </p>
          </div>
        ) : (
          <div className="mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-3 lg:items-stretch">
            {plans.map((plan) => (
              <PlanCard key={plan.category} plan={plan} featured={plan === featured} clipId={clip?.id} />
            ))}
          </div>
        )}

        <p className="mt-10 text-center text-sm text-zinc-500 dark:text-zinc-400">
          {inEuros
            ? t("commerce.pricing.footnoteWithEuros", { currency })
            : t("commerce.pricing.footnote", { currency })}
        </p>
      </div>
    </main>
  );
}
