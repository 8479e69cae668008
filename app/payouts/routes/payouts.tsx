import { redirect } from "react-router";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { BankMethod, type Reply, StripeMethod } from "../components/payout-method";
import { PayoutReadinessPanel } from "../components/payout-readiness-panel";
import { SellerDetailsForm } from "../components/seller-details-form";
import { payoutDetailsPage } from "../details/payout-details.server";
import {
  fetchConnectStatus,
  ONBOARDING_RETURN_PARAM,
  refreshOnboardingLink,
} from "../details/payout-details-stripe.server";
import { payoutsI18n } from "../payouts-i18n.server";
import type { Route } from "./+types/payouts";
import { runPayoutDetailsAction } from "./payout-details.action.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("payouts.details.metaTitle"), t("payouts.details.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const creator = await requirePermission(request, "studio:use");
  const search = new URL(request.url).searchParams;
  // Back from an expired Stripe link (its refresh_url): straight on with a fresh one.
  if (search.get("refresh") === "1") {
    const refreshed = await refreshOnboardingLink(creator.id);
    if (refreshed?.ok) throw redirect(refreshed.value.url);
  }
  // Back from onboarding (its return_url): the status as Stripe has it now, not only by its event.
  if (search.get(ONBOARDING_RETURN_PARAM) === "1") await fetchConnectStatus(creator.id);
  const locale = pageLocaleOf(params);
  return { ...(await payoutDetailsPage(creator.id)), messages: messagesFor(locale, ["payouts"]) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const creator = await requirePermission(request, "studio:use");
  return runPayoutDetailsAction(request, creator, payoutsI18n(params));
}

export default function PayoutDetails({ loaderData: page, actionData }: Route.ComponentProps) {
  const reply = actionData as Reply | undefined;
  const { t, rich } = useI18n();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        <Link to="/studio" className="hover:underline">
          {t("payouts.studio")}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t("payouts.details.heading")}</h1>
      <p className="mt-2 max-w-2xl text-zinc-600 dark:text-zinc-400">
        {rich("payouts.details.intro", {
          link: (text) => (
            <Link
              to="/studio/earnings"
              className="font-medium text-brand-700 hover:underline dark:text-brand-400"
            >
              {text}
            </Link>
          ),
        })}
      </p>

      <div className="mt-8">
        <PayoutReadinessPanel missing={page.missing} />
      </div>

      <section aria-labelledby="how-paid" className="mt-10">
        <h2 id="how-paid" className="text-xl font-semibold">
          {t("payouts.details.howPaid")}
        </h2>
        <div className={`mt-4 grid gap-5 ${page.stripeAvailable ? "lg:grid-cols-2 lg:items-start" : ""}`}>
          {page.stripeAvailable ? (
            <StripeMethod method={page.method} stripe={page.stripe} reply={reply} />
          ) : null}
          <BankMethod method={page.method} bank={page.bank} reply={reply} />
        </div>
      </section>

      <section aria-labelledby="seller" className="mt-12">
        <h2 id="seller" className="text-xl font-semibold">
          {t("payouts.details.seller")}
        </h2>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          {t("payouts.details.sellerIntro")}
        </p>
        <div className="mt-5 max-w-2xl">
          <SellerDetailsForm saved={page.seller} reply={reply} />
        </div>
      </section>
    </main>
  );
}
