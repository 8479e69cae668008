import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { makeI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { LegalPage } from "../components/legal-page";
import { legalMessages } from "../legal/messages.server";
import { PRIVACY } from "../legal/privacy";
import type { Route } from "./+types/privacy";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export function loader({ params }: Route.LoaderArgs) {
  return { messages: legalMessages(pageLocaleOf(params)) };
}

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("legal.privacy.title"), t("legal.privacy.metaDescription"));
};

export default function Privacy() {
  return <LegalPage document={PRIVACY} />;
}
