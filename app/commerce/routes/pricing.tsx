import { redirect } from "react-router";
import { pageMeta } from "~/components/meta";
import { CURRENCY_NAMES, CurrencySwitcher } from "~/payments/components/currency-switcher";
import { visitorCurrency } from "~/payments/rates/visitor-currency";
import { DEFAULT_TAX_BUYER } from "~/payments/tax";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import type { RouteHandle } from "~/platform/http/route-handle";
import { logger } from "~/platform/logger.server";
import { ChoosePlanSchema } from "../checkout/checkout-schema";
import { findClipToLicense } from "../checkout/clip-to-license.server";
import { CLIP_TEXTS, ClipBeingLicensed } from "../components/clip-being-licensed";
import { PlanCard } from "../components/plan-card";
import { quoteCheckout } from "../orders/orders.server";
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

export const meta = () =>
  pageMeta("Pricing", "Simple, transparent pricing for stock video: download packs and the Pro plan.");

export async function loader({ request, context }: Route.LoaderArgs) {
  // `?clip=`: the buyer came from a clip's Download button (licensing's download step).
  const clip = await findClipToLicense(new URL(request.url).searchParams.get("clip")).catch((error) => {
    logger.error({ err: error, requestId: context.requestId }, "loading the clip being licensed failed");
    return null;
  });
  const currency = visitorCurrency(request.headers);
  try {
    const plans = (await listActivePlans()).map((plan) => planInCurrency(plan, currency));
    return { plans, loadFailed: false, clip, currency };
  } catch (error) {
    // A pricing load error is only logged; the page explains instead of going blank.
    logger.error({ err: error, requestId: context.requestId }, "loading pricing plans failed");
    return { plans: [], loadFailed: true, clip, currency };
  }
}

/** Choosing a plan: the server looks the tier up and keeps the checkout data for this browser session. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, ChoosePlanSchema);
  // The plan buttons send only hidden fields: whatever is wrong, the visitor just chooses again.
  if (!parsed.ok) return replyWith(formReply(PRICING_TEXTS.choosePlan));
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
  if (!quote) return replyWith(formReply(PRICING_TEXTS.planGone));
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
  return redirect("/checkout", { headers: { "Set-Cookie": await commitCheckoutSession(session) } });
}

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, loadFailed, clip, currency } = loaderData;
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
            Pricing
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">Simple, transparent pricing</h1>
          <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">
            License professional stock footage for every project. Pick a download pack or go unlimited with
            Pro.
          </p>
        </header>

        <div className="mx-auto mt-8 flex max-w-xl flex-col items-center gap-3">
          <CurrencySwitcher
            current={currency}
            id="pricing"
            label="Pricing currency"
            className="justify-center"
          />
          {inEuros ? (
            <p
              className="text-center text-sm text-zinc-600 dark:text-zinc-400"
              data-testid="currency-fallback"
            >
              Some plans are not sold in {CURRENCY_NAMES[currency]}: they are shown and charged in euros.
            </p>
          ) : null}
        </div>

        {clip ? (
          <ClipBeingLicensed clip={clip} lead={CLIP_TEXTS.pricingLead} className="mx-auto mt-8 max-w-xl">
            {CLIP_TEXTS.pricingNext}
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
            <h2 className="text-lg font-semibold">Our plans are taking a break</h2>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              We couldn't load the pricing plans just now. Please refresh the page in a moment.
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
          All prices in {currency}
          {inEuros ? " (or EUR where shown)" : ""}, excl. tax. The VAT or sales tax of your country is added
          at checkout. Payment is completed with our team after you place your order.
        </p>
      </div>
    </main>
  );
}
