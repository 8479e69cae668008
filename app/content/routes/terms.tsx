import { listPlanTitlesByLicense } from "~/commerce/pricing/plans.server";
import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { LegalPage } from "../components/legal-page";
import { licensePlansFrom } from "../legal/licensing";
import { TERMS, termsDocument } from "../legal/terms";
import type { Route } from "./+types/terms";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export const meta = () =>
  pageMeta(TERMS.title, "Accounts, orders and payment, licenses and acceptable use on Verdeo.");

/** The plan titles come from the plan table, so a renamed plan is named here too. */
export async function loader() {
  return { plans: licensePlansFrom(await listPlanTitlesByLicense()) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={termsDocument(loaderData.plans)} />;
}
