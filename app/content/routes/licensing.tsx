import { listPlanTitlesByLicense } from "~/commerce/pricing/plans.server";
import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { LegalPage } from "../components/legal-page";
import { LICENSING_TITLE, licensePlansFrom, licensingDocument } from "../legal/licensing";
import type { Route } from "./+types/licensing";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export const meta = () =>
  pageMeta(
    LICENSING_TITLE,
    "What the Standard and Extended licenses allow, prohibited uses, refunds and how to report misuse.",
  );

/** The plan titles come from the plan table, so a renamed plan is named here too. */
export async function loader() {
  return { plans: licensePlansFrom(await listPlanTitlesByLicense()) };
}

export default function Licensing({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={licensingDocument(loaderData.plans)} />;
}
