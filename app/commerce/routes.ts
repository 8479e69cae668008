import { route } from "@react-router/dev/routes";

export const commercePages = [
  route("pricing", "commerce/routes/pricing.tsx"),
  route("checkout", "commerce/routes/checkout.tsx"),
  route("checkout/success", "commerce/routes/checkout-success.tsx"),
  route("orders/:orderId", "commerce/routes/order.tsx"),
];

/**
 * Without the page shell: payment hand-offs to Stripe Checkout and its portal (Stripe's webhook is in
 * payments/), and an unpaid order's pro-forma (the invoice and credit notes are licensing's routes).
 */
export const commerceResources = [
  route("checkout/pay", "commerce/routes/pay.ts"),
  route("billing/portal", "commerce/routes/billing-portal.ts"),
  route("billing/renewal", "commerce/routes/billing-renewal.ts"),
  route("orders/:orderId/pro-forma.pdf", "commerce/routes/pro-forma.ts"),
];
