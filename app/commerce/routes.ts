import { route } from "@react-router/dev/routes";

export const commercePages = [
  route("pricing", "commerce/routes/pricing.tsx"),
  route("checkout", "commerce/routes/checkout.tsx"),
  route("checkout/success", "commerce/routes/checkout-success.tsx"),
  route("orders/:orderId", "commerce/routes/order.tsx"),
];

/** Payment hand-offs without the page shell: to Stripe Checkout and its portal (Stripe's webhook is in payments/). */
export const commerceResources = [
  route("checkout/pay", "commerce/routes/pay.ts"),
  route("billing/portal", "commerce/routes/billing-portal.ts"),
  route("billing/renewal", "commerce/routes/billing-renewal.ts"),
];
