import { type RouteConfig, route } from "@react-router/dev/routes";
import { accountPages, accountStandalone } from "./accounts/routes";
import { apiPages, apiResources } from "./api/routes";
import { catalogPages, catalogResources } from "./catalog/routes";
import { commercePages, commerceResources } from "./commerce/routes";
import { contentPages } from "./content/routes";
import { licensingPages, licensingResources } from "./licensing/routes";
import { paymentsResources } from "./payments/routes";
import { payoutsPages, payoutsResources } from "./payouts/routes";
import { staffPages } from "./staff/routes";
import { studioPages, studioResources } from "./studio/routes";

/** Each domain lists its own routes; this file only puts them inside or outside the site layout. */
export default [
  ...accountStandalone,
  ...catalogResources,
  ...commerceResources,
  ...licensingResources,
  ...paymentsResources,
  ...payoutsResources,
  ...studioResources,
  ...apiResources,
  route("resources/theme", "layout/routes/theme.ts"),
  route("resources/currency", "layout/routes/currency.ts"),
  route("resources/language", "layout/routes/language.ts"),
  // Every page under its language (`/de/videos`; English at the root): docs/decisions/0033.
  route(":lang?", "layout/site-layout.tsx", [
    ...catalogPages,
    ...commercePages,
    ...licensingPages,
    ...payoutsPages,
    ...accountPages,
    ...studioPages,
    ...contentPages,
    ...staffPages,
    ...apiPages,
    route("*", "layout/routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
