import { pageMeta } from "~/components/meta";
import { LegalPage } from "../components/legal-page";
import { PRIVACY } from "../legal/privacy";

export const meta = () =>
  pageMeta(PRIVACY.title, "What Verdeo stores about you, why, for how long, and how to use your rights.");

export default function Privacy() {
  return <LegalPage document={PRIVACY} />;
}
