import { ACCOUNT_ENDPOINTS } from "./account-endpoints.server";
import { CATALOG_ENDPOINTS } from "./catalog-endpoints.server";
import type { Endpoint } from "./endpoint";
import { EXAMPLES } from "./examples";
import { compileRoutes } from "./http.server";
import { LICENSE_ENDPOINTS } from "./license-endpoints.server";

/** Every operation of the API v1, in the order the reference lists them. */
export const ENDPOINTS: readonly Endpoint[] = [
  ...CATALOG_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...LICENSE_ENDPOINTS,
].map((endpoint) => ({
  ...endpoint,
  example: endpoint.example ?? EXAMPLES[endpoint.operationId],
}));

export const API_ROUTES = compileRoutes(ENDPOINTS);
