import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const payoutsPages = [
  route("studio/earnings", "payouts/routes/earnings.tsx"),
  route("studio/payouts", "payouts/routes/payouts.tsx"),
];

/** Files without the page shell. */
export const payoutsResources = [route("studio/statements/:file", "payouts/routes/statement-file.ts")];
