import { handleStripeWebhook } from "../stripe.server";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's webhook endpoint: the signature is checked over the body exactly as it arrived. */
export async function action({ request }: Route.ActionArgs) {
  const body = await request.text();
  const result = await handleStripeWebhook(body, request.headers.get("stripe-signature"));
  if (result.ok) return Response.json({ received: true, outcome: result.value.outcome });
  if (result.reason === "disabled") return new Response("Not found", { status: 404 });
  // Nothing to retry for an order that can no longer be paid: acknowledge so Stripe stops.
  if (result.reason === "order_not_payable") return Response.json({ received: true, outcome: "ignored" });
  return Response.json({ error: result.reason }, { status: 400 });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
