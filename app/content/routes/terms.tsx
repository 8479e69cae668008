import { pageMeta } from "~/components/meta";
import { LegalPage } from "../components/legal-page";
import { TERMS } from "../legal/terms";

export const meta = () =>
  pageMeta(TERMS.title, "Accounts, orders and payment, licenses and acceptable use on Verdeo.");

export default function Terms() {
  return <LegalPage document={TERMS} />;
}
