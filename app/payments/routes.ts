import { route } from "@react-router/dev/routes";

/** Stripe's two webhook endpoints, without the page shell: `/webhooks/stripe` and `/webhooks/stripe/connect`. */
export const paymentsResources = [route("webhooks/stripe/:endpoint?", "payments/routes/stripe-webhook.ts")];
