import { paymentWebhooksTotal } from "~/platform/metrics/business.server";
import { receiveStripeEvent, type StripeEndpoint } from "../stripe-gateway.server";
import type { Route } from "./+types/stripe-webhook";

/** The two endpoints: `/webhooks/stripe` (Verdeo's account) and `/webhooks/stripe/connect` (Connect). */
const ENDPOINTS: Record<string, StripeEndpoint> = { "": "account", connect: "connect" };

/** Stripe's webhook endpoints: the signature is checked over the body exactly as it arrived. */
export async function action({ request, params }: Route.ActionArgs) {
  const name = params.endpoint ?? "";
  // Own keys only: "/webhooks/stripe/constructor" names no endpoint.
  const endpoint = Object.hasOwn(ENDPOINTS, name) ? ENDPOINTS[name] : undefined;
  if (!endpoint) return new Response("Not found", { status: 404 });
  const body = await request.text();
  const result = await receiveStripeEvent(endpoint, body, request.headers.get("stripe-signature"));
  paymentWebhooksTotal.inc({ outcome: result.ok ? result.value.outcome : result.reason });
  if (result.ok) return Response.json({ received: true, outcome: result.value.outcome });
  if (result.reason === "disabled") return new Response("Not found", { status: 404 });
  // Said plainly: the operator reads this answer in Stripe's Dashboard (docs/deploy.md).
  if (result.reason === "connect_disabled")
    return Response.json(
      {
        error: "connect_disabled",
        message: "STRIPE_CONNECT_WEBHOOK_SECRET is not set: Connect events are refused",
      },
      { status: 404 },
    );
  // Nothing to retry for what can never apply (an order that can no longer be paid): Stripe stops.
  if ("acknowledge" in result && result.acknowledge)
    return Response.json({ received: true, outcome: "ignored" });
  // About something not recorded yet (events out of order): Stripe delivers it again later.
  if (result.reason === "too_early" || result.reason === "retry_later")
    return Response.json({ error: result.reason }, { status: 503 });
  return Response.json({ error: result.reason }, { status: 400 });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
