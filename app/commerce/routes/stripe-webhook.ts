import { paymentWebhooksTotal } from "~/platform/metrics/business.server";
import { handleStripeWebhook } from "../stripe.server";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's webhook endpoint: the signature is checked over the body exactly as it arrived. */
export async function action({ request }: Route.ActionArgs) {
  const body = await request.text();
  const result = await handleStripeWebhook(body, request.headers.get("stripe-signature"));
  paymentWebhooksTotal.inc({ outcome: result.ok ? result.value.outcome : result.reason });
  if (result.ok) return Response.json({ received: true, outcome: result.value.outcome });
  if (result.reason === "disabled") return new Response("Not found", { status: 404 });
  // Nothing to retry for an order that can no longer be paid: acknowledge so Stripe stops.
  if (result.reason === "order_not_payable") return Response.json({ received: true, outcome: "ignored" });
  // About a subscription not recorded yet (events out of order): Stripe delivers it again later.
  if (result.reason === "too_early") return Response.json({ error: result.reason }, { status: 503 });
  return Response.json({ error: result.reason }, { status: 400 });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
