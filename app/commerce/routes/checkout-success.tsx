import { Form, redirect } from "react-router";
import { Button, ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { config } from "~/platform/config.server";
import { getCheckoutSession, readPlacedOrderId } from "../checkout-session.server";
import { downloadsText } from "../components/order-summary";
import { CheckIcon } from "../components/plan-card";
import { formatMoney } from "../money";
import { shortOrderId } from "../order-id";
import { findOrderWithPlanTitle } from "../orders.server";
import { BILLING_LABELS, LICENSE_LABELS, ORDER_STATUS_LABELS } from "../plans";
import type { Route } from "./+types/checkout-success";

export const meta = () => pageMeta("Order placed", "Your Verdeo order has been placed.");

export async function loader({ request }: Route.LoaderArgs) {
  const orderId = readPlacedOrderId(await getCheckoutSession(request));
  const order = orderId ? await findOrderWithPlanTitle(orderId) : null;
  if (!order) throw redirect("/pricing");
  return {
    orderNumber: shortOrderId(order.id),
    planTitle: order.planTitle,
    license: order.licenseKind,
    billing: order.billing,
    downloads: order.downloads,
    totalCents: order.totalCents,
    email: order.email,
    status: order.status,
    // Card payment (Stripe) when configured; otherwise the team marks the order paid by hand.
    cardPayment: Boolean(config().STRIPE_SECRET_KEY),
    returnedFromCard: new URL(request.url).searchParams.get("payment") === "card",
  };
}

/** What happens next, in the buyer's words: how to pay, or that the plan is active. */
export const PAYMENT_NEXT = {
  paid: "Payment received: your plan is active. Log in with this email address to download clips; each download comes with its license certificate.",
  card: "Your order is awaiting payment. Pay securely by card to activate your plan at once.",
  cardConfirming:
    "Thank you! We are confirming your card payment with Stripe; this takes a few seconds. Refresh this page to see it.",
  manual:
    "Your order is awaiting payment. We will email payment instructions (bank transfer) to the address below; as soon as the payment arrives we mark the order paid and your downloads become available.",
  closed: "This order was closed and needs no payment.",
} as const;

export default function CheckoutSuccess({ loaderData: order }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-400">
        <CheckIcon className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">Thank you for your order!</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400" data-testid="payment-next">
        {order.status === "paid"
          ? PAYMENT_NEXT.paid
          : order.status !== "awaiting_payment"
            ? PAYMENT_NEXT.closed
            : !order.cardPayment
              ? PAYMENT_NEXT.manual
              : order.returnedFromCard
                ? PAYMENT_NEXT.cardConfirming
                : PAYMENT_NEXT.card}{" "}
        Order emails go to <strong className="text-zinc-900 dark:text-zinc-100">{order.email}</strong>.
      </p>

      <dl className="mt-8 w-full divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-zinc-50 text-left text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex justify-between gap-4 px-5 py-4">
          <dt className="text-zinc-600 dark:text-zinc-400">Order number</dt>
          <dd className="font-mono text-base font-semibold tracking-wider" data-testid="order-number">
            {order.orderNumber}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-5 py-4">
          <dt className="text-zinc-600 dark:text-zinc-400">Plan</dt>
          <dd className="text-right" data-testid="order-plan">
            <span className="font-semibold">{order.planTitle}</span>
            <br />
            <span className="text-zinc-600 dark:text-zinc-400">
              {LICENSE_LABELS[order.license]} · {downloadsText(order.downloads)} ·{" "}
              {BILLING_LABELS[order.billing]}
            </span>
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-5 py-4">
          <dt className="text-zinc-600 dark:text-zinc-400">Status</dt>
          <dd className="font-semibold" data-testid="order-status">
            {ORDER_STATUS_LABELS[order.status]}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-5 py-4">
          <dt className="text-zinc-600 dark:text-zinc-400">Total (incl. VAT)</dt>
          <dd className="text-base font-bold tabular-nums" data-testid="order-total">
            {formatMoney(order.totalCents)}
          </dd>
        </div>
      </dl>

      {order.cardPayment && order.status === "awaiting_payment" ? (
        <Form method="post" action="/checkout/pay" reloadDocument className="mt-8">
          <Button type="submit">Pay {formatMoney(order.totalCents)} by card</Button>
        </Form>
      ) : null}

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go Home</ButtonLink>
        <ButtonLink to="/videos" variant="secondary">
          Explore Videos
        </ButtonLink>
      </div>
    </main>
  );
}
