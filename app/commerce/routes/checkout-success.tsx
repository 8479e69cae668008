import { Form, redirect } from "react-router";
import { Button, ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { findClipToLicense } from "../checkout/clip-to-license.server";
import { paymentInLanguage } from "../checkout/payment-in-language";
import { pendingTransferOf } from "../checkout/payment-instructions";
import { totalLabelOf } from "../checkout/tax-wording.server";
import { ClipNextStep } from "../components/clip-next-step";
import { OrderFacts } from "../components/order-facts";
import { PaymentInstructionsPanel } from "../components/payment-instructions";
import { CheckIcon } from "../components/plan-card";
import { moneyIn } from "../locale-format";
import { findOrderWithPlanTitle, orderFactsOf } from "../orders/orders.server";
import { englishI18n, pageI18n } from "../page-i18n.server";
import { planTitleIn } from "../pricing/plan-texts";
import type { Route } from "./+types/checkout-success";
import { getCheckoutSession, readClipId, readPlacedOrderId } from "./checkout-session.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("commerce.success.metaTitle"), t("commerce.success.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { messages, i18n } = pageI18n(params);
  const session = await getCheckoutSession(request);
  const orderId = readPlacedOrderId(session);
  const order = orderId ? await findOrderWithPlanTitle(orderId) : null;
  if (!order) throw redirect(localizedPath(i18n.locale, "/pricing"));
  // The clip the buyer came to download, if they came from one: back to it once the plan is active.
  const clip = await findClipToLicense(readClipId(session));
  return {
    ...orderFactsOf(order),
    planTitle: planTitleIn(order.planCategory, order.planTitle, englishI18n(), i18n),
    total: totalLabelOf(order, i18n.locale),
    email: order.email,
    // Card payment (Stripe) when configured; otherwise the team marks the order paid by hand.
    cardPayment: cardPaymentEnabled(),
    // The same figures as the order mail, while a bank transfer is what the order waits for.
    payment: paymentInLanguage(pendingTransferOf(order, config()), order, i18n),
    returnedFromCard: new URL(request.url).searchParams.get("payment") === "card",
    clip,
    messages,
  };
}

/** What happens next, in the buyer's words: how to pay, or that the plan is active. */
export const PAYMENT_NEXT = {
  paid: "Payment received: your plan is active. Log in with this email address to download clips; each download comes with its license certificate.",
  card: "Your order is awaiting payment. Pay securely by card to activate your plan at once.",
  cardConfirming:
    "Thank you! We are confirming your card payment with Stripe; this takes a few seconds. Refresh this page to see it.",
  manual:
    "Your order is awaiting payment by bank transfer: the details are below, and we have emailed them to you too. As soon as the payment arrives we mark the order paid and your downloads become available.",
  closed: "This order was closed and needs no payment.",
} as const;

/** Each of PAYMENT_NEXT's texts (the tests' English) as the page says it. */
const PAYMENT_NEXT_KEYS: Record<keyof typeof PAYMENT_NEXT, string> = {
  paid: "commerce.success.next.paid",
  card: "commerce.success.next.card",
  cardConfirming: "commerce.success.next.cardConfirming",
  manual: "commerce.success.next.manual",
  closed: "commerce.success.next.closed",
};

export default function CheckoutSuccess({ loaderData: order }: Route.ComponentProps) {
  const { t, rich, tag } = useI18n();
  const next: keyof typeof PAYMENT_NEXT =
    order.status === "paid"
      ? "paid"
      : order.status !== "awaiting_payment"
        ? "closed"
        : !order.cardPayment
          ? "manual"
          : order.returnedFromCard
            ? "cardConfirming"
            : "card";
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-400">
        <CheckIcon className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{t("commerce.success.heading")}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400" data-testid="payment-next">
        {t(PAYMENT_NEXT_KEYS[next])}{" "}
        {rich("commerce.success.emailsGoTo", {
          email: order.email,
          strong: (chunks) => <strong className="text-zinc-900 dark:text-zinc-100">{chunks}</strong>,
        })}
      </p>

      {order.clip && (order.status === "paid" || order.status === "awaiting_payment") ? (
        <ClipNextStep clip={order.clip} paid={order.status === "paid"} />
      ) : null}

      <OrderFacts order={order} />

      {order.payment ? (
        <div className="mt-6 w-full">
          <PaymentInstructionsPanel instructions={order.payment} />
        </div>
      ) : null}

      {order.cardPayment && order.status === "awaiting_payment" ? (
        <Form method="post" action="/checkout/pay" reloadDocument className="mt-8">
          <Button type="submit">
            {t("commerce.success.payByCard", { amount: moneyIn(tag, order.totalCents, order.currency) })}
          </Button>
        </Form>
      ) : null}

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* One main action: the clip's download step when the buyer came from one. */}
        <ButtonLink to="/" variant={order.clip ? "secondary" : "primary"}>
          {t("common.goHome")}
        </ButtonLink>
        <ButtonLink to="/videos" variant="secondary">
          {t("common.exploreVideos")}
        </ButtonLink>
      </div>
    </main>
  );
}
