import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/route-handle";
import { LegalPage } from "../components/legal-page";
import { TERMS } from "../legal/terms";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export const meta = () =>
  pageMeta(TERMS.title, "Accounts, orders and payment, licenses and acceptable use on Verdeo.");

export default function Terms() {
  return <LegalPage document={TERMS} />;
}
