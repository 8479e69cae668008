import { route } from "@react-router/dev/routes";

export const commercePages = [
  route("pricing", "commerce/routes/pricing.tsx"),
  route("checkout", "commerce/routes/checkout.tsx"),
  route("checkout/success", "commerce/routes/checkout-success.tsx"),
];
