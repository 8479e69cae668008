import { listPlanTitlesByLicense } from "~/commerce/pricing/plans.server";
import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { makeI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { LegalPage } from "../components/legal-page";
import { licensePlansFrom } from "../legal/licensing";
import { legalMessages } from "../legal/messages.server";
import { termsDocument } from "../legal/terms";
import type { Route } from "./+types/terms";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("legal.terms.title"), t("legal.terms.metaDescription"));
};

/**
 * The plan titles come from the plan table, so a renamed plan is named here too. Tests call it without
 * arguments: then the page is English.
 */
export async function loader({ params = {} }: Partial<Route.LoaderArgs> = {}) {
  return {
    plans: licensePlansFrom(await listPlanTitlesByLicense()),
    messages: legalMessages(pageLocaleOf(params)),
  };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={termsDocument(loaderData.plans)} />;
}
