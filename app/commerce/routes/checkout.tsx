import { useEffect, useRef, useState } from "react";
import { Form, redirect, type ShouldRevalidateFunctionArgs, useNavigation, useSubmit } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { buttonClass, Spinner } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { countryOptions } from "~/payments/countries";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { buyerDefaultsOf } from "../checkout/buyer-defaults";
import { quoteForBuyer, summaryOfQuote } from "../checkout/checkout.server";
import { localMessage } from "../checkout/checkout-messages";
import { PROMO_REFUSAL_MESSAGES } from "../checkout/checkout-schema";
import { findClipToLicense } from "../checkout/clip-to-license.server";
import { rememberedBuyerOf } from "../checkout/returning-buyer.server";
import { BuyerFields } from "../components/checkout-fields";
import { ClipBeingLicensed } from "../components/clip-being-licensed";
import { OrderSummary } from "../components/order-summary";
import { PromoField } from "../components/promo-field";
import { VatCheckNotice } from "../components/vat-check-notice";
import { englishI18n, pageI18n } from "../page-i18n.server";
import { planTitleIn } from "../pricing/plan-texts";
import type { Route } from "./+types/checkout";
import { checkoutAction } from "./checkout.action.server";
import { commitCheckoutSession, hasTaxBuyer, openCheckout } from "./checkout-session.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("commerce.checkout.metaTitle"), t("commerce.checkout.metaDescription"));
};

/** Above a form filled in from the buyer's last order. */
export const REMEMBERED_NOTE = "Filled in from your last order: change anything that is different.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { messages, i18n } = pageI18n(params);
  const pricing = localizedPath(i18n.locale, "/pricing");
  const { session, held } = await openCheckout(request);
  if (!held) throw redirect(pricing);
  const user = await getOptionalUser(request);
  // A returning buyer's last order fills the form in; its country, buyer type and VAT number
  // price the summary until the buyer changes one of them ("Update" keeps theirs in the cookie).
  const remembered = await rememberedBuyerOf(user);
  const taxBuyer = remembered && !hasTaxBuyer(session) ? remembered.taxBuyer : held.taxBuyer;
  const quote = await quoteForBuyer(held, taxBuyer);
  if (!quote) {
    session.unset("selection");
    throw redirect(pricing, { headers: { "Set-Cookie": await commitCheckoutSession(session) } });
  }
  const summary = summaryOfQuote(quote, taxBuyer, i18n.locale);
  return {
    item: {
      title: planTitleIn(quote.tier.category, quote.tier.title, englishI18n(), i18n),
      license: quote.tier.licenseKind,
      downloads: quote.tier.downloads,
      billing: quote.billing,
    },
    ...summary,
    vatNumberError: summary.vatNumberError === null ? null : localMessage(summary.vatNumberError, i18n),
    taxBuyer,
    promoCode: quote.promoCode,
    promoError: quote.promoRefusal ? localMessage(PROMO_REFUSAL_MESSAGES[quote.promoRefusal], i18n) : null,
    idempotencyKey: held.idempotencyKey,
    email: user?.email ?? "",
    remembered,
    clip: await findClipToLicense(held.clipId),
    // The country select in the page's language, named by the server so the browser's hydration agrees.
    countries: i18n.locale === "en" ? null : countryOptions(i18n.tag),
    messages,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return checkoutAction(request, context.clientIp, context.requestId, pageLocaleOf(params));
}

/** After any checkout action the summary is re-read: an applied or dropped code changes the figures. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "idle" ? null : navigation.formData?.get("intent");
  const placing = pendingIntent === "place-order";
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A change of country, buyer type or VAT number quotes the VAT again (the server's figures).
  const onTaxChange = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set("intent", "update");
    submit(data, { method: "post", preventScrollReset: true });
  };
  const promoBusy =
    pendingIntent === "apply-promo" ? "apply" : pendingIntent === "remove-promo" ? "remove" : null;
  const values = actionData?.values;
  // The page re-reads a pending VAT number check by itself (VatCheckNotice): from then on the
  // loader's figures are newer than those the last submit answered.
  const [polledAfter, setPolledAfter] = useState<typeof actionData>();
  const summary = (actionData && polledAfter !== actionData && actionData.summary) || loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const vatNumberError = refusal?.fieldErrors.vatNumber ?? summary.vatNumberError ?? undefined;
  const { clip } = loaderData;
  const { t } = useI18n();

  // The button is disabled while the order is on its way; this also stops a second submit that
  // slips in before React re-renders (the idempotency key makes any duplicate harmless anyway).
  const inFlight = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") inFlight.current = false;
  }, [navigation.state]);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to={clip ? `/pricing?clip=${clip.id}` : "/pricing"}
        className="text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
      >
        {t("commerce.checkout.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{t("commerce.checkout.heading")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("commerce.checkout.lead")}</p>
      {clip ? (
        <ClipBeingLicensed clip={clip} lead={t("commerce.clip.checkoutLead")} className="mt-6 max-w-xl">
          {t("commerce.clip.checkoutNext")}
        </ClipBeingLicensed>
      ) : null}

      <Form
        ref={form}
        method="post"
        className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value !== "place-order") return;
          if (inFlight.current) event.preventDefault();
          inFlight.current = true;
        }}
      >
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <section
          aria-labelledby="details-heading"
          className="rounded-2xl border border-zinc-200 bg-white p-6 sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/40"
        >
          <h2 id="details-heading" className="mb-6 text-lg font-semibold">
            {t("commerce.checkout.details")}
          </h2>
          {loaderData.remembered && !values ? (
            <p
              className="-mt-3 mb-6 text-sm text-zinc-600 dark:text-zinc-400"
              data-testid="details-remembered"
            >
              {t("commerce.checkout.remembered")}
            </p>
          ) : null}
          <BuyerFields
            defaults={buyerDefaultsOf(values, loaderData)}
            errors={{ ...refusal?.fieldErrors, vatNumber: vatNumberError }}
            onTaxChange={onTaxChange}
            hydrated={hydrated}
            countries={loaderData.countries}
            updating={pendingIntent === "update"}
            vatNumberStatus={
              summary.vatCheck && !vatNumberError ? (
                <VatCheckNotice
                  check={summary.vatCheck}
                  checking={pendingIntent === "recheck-vat"}
                  onPoll={() => setPolledAfter(actionData)}
                />
              ) : null
            }
          />
          {refusal?.formError ? (
            <p
              role="alert"
              className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200"
            >
              {refusal.formError}
            </p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="place-order"
            disabled={placing}
            aria-disabled={placing}
            className={buttonClass("primary", "mt-8 w-full py-3 text-base")}
          >
            {placing ? <Spinner label={t("commerce.checkout.placingLabel")} /> : null}
            {placing ? t("commerce.checkout.placing") : t("commerce.checkout.place")}
          </button>
          <p className="mt-3 text-center text-xs text-zinc-500 dark:text-zinc-400">
            {t("commerce.checkout.noPaymentHere")}
          </p>
        </section>

        <aside className="order-first lg:sticky lg:top-24 lg:order-none">
          <OrderSummary
            item={loaderData.item}
            amounts={summary.amounts}
            currency={summary.currency}
            promoCode={loaderData.promoCode}
            taxReason={summary.taxReason}
            taxName={summary.taxName}
          >
            <PromoField
              applied={loaderData.promoCode}
              error={refusal?.fieldErrors.promoCode ?? loaderData.promoError}
              defaultCode={values?.promoCode ?? ""}
              busy={promoBusy}
            />
          </OrderSummary>
        </aside>
      </Form>
    </main>
  );
}
