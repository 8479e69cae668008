import { LICENSES, type License } from "~/catalog/clips/attributes";
import { listActivePlanLicenses } from "./plan.queries.server";

/** The plans on sale with their tiers, as the pricing page shows them. */
export { listActivePlans } from "./plan.queries.server";

/**
 * The titles of the active plans that grant each license, in display order: the licensing and terms
 * pages name them. A license that no active plan grants has no titles.
 */
export async function listPlanTitlesByLicense(): Promise<Record<License, string[]>> {
  const titles = Object.fromEntries(LICENSES.map((license) => [license, [] as string[]])) as Record<
    License,
    string[]
  >;
  for (const plan of await listActivePlanLicenses()) titles[plan.licenseKind].push(plan.title);
  return titles;
}
