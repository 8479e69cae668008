import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const payoutsPages = [
  route("studio/earnings", "payouts/routes/earnings.tsx"),
  route("studio/payouts", "payouts/routes/payouts.tsx"),
];
