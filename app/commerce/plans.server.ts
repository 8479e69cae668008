/** The plans on sale with their tiers, as the pricing page shows them. */
export { listActivePlans } from "./plan.queries.server";
