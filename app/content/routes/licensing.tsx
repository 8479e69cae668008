import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/route-handle";
import { LegalPage } from "../components/legal-page";
import { LICENSING } from "../legal/licensing";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export const meta = () =>
  pageMeta(
    LICENSING.title,
    "What the Standard and Extended licenses allow, prohibited uses, refunds and how to report misuse.",
  );

export default function Licensing() {
  return <LegalPage document={LICENSING} />;
}
