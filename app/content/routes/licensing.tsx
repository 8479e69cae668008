import { pageMeta } from "~/components/meta";
import { LegalPage } from "../components/legal-page";
import { LICENSING } from "../legal/licensing";

export const meta = () =>
  pageMeta(
    LICENSING.title,
    "What the Standard and Extended licenses allow, prohibited uses, refunds and how to report misuse.",
  );

export default function Licensing() {
  return <LegalPage document={LICENSING} />;
}
