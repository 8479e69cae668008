import { Form, redirect } from "react-router";
import { Button, ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { findClipToLicense } from "../checkout/clip-to-license.server";
import { pendingTransferOf } from "../checkout/payment-instructions";
import { totalLabelOf } from "../checkout/total-label";
import { ClipNextStep } from "../components/clip-next-step";
import { OrderFacts } from "../components/order-facts";
import { PaymentInstructionsPanel } from "../components/payment-instructions";
import { CheckIcon } from "../components/plan-card";
import { findOrderWithPlanTitle, orderFactsOf } from "../orders/orders.server";
import type { Route } from "./+types/checkout-success";
import { getCheckoutSession, readClipId, readPlacedOrderId } from "./checkout-session.server";

export const meta = () => pageMeta("Order placed", "Your Verdeo order has been placed.");

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCheckoutSession(request);
  const orderId = readPlacedOrderId(session);
  const order = orderId ? await findOrderWithPlanTitle(orderId) : null;
  if (!order) throw redirect("/pricing");
  // The clip the buyer came to download, if they came from one: back to it once the plan is active.
  const clip = await findClipToLicense(readClipId(session));
  return {
    ...orderFactsOf(order),
    total: totalLabelOf(order),
    email: order.email,
    // Card payment (Stripe) when configured; otherwise the team marks the order paid by hand.
    cardPayment: cardPaymentEnabled(),
    // The same figures as the order mail, while a bank transfer is what the order waits for.
    payment: pendingTransferOf(order, config()),
    returnedFromCard: new URL(request.url).searchParams.get("payment") === "card",
    clip,
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
            Pay {formatMoney(order.totalCents, undefined, order.currency)} by card
          </Button>
        </Form>
      ) : null}

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* One main action: the clip's download step when the buyer came from one. */}
        <ButtonLink to="/" variant={order.clip ? "secondary" : "primary"}>
          Go Home
        </ButtonLink>
        <ButtonLink to="/videos" variant="secondary">
          Explore Videos
        </ButtonLink>
      </div>
    </main>
  );
}
