import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { LegalPage } from "../components/legal-page";
import { PRIVACY } from "../legal/privacy";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export const meta = () =>
  pageMeta(PRIVACY.title, "What Verdeo stores about you, why, for how long, and how to use your rights.");

export default function Privacy() {
  return <LegalPage document={PRIVACY} />;
}
