import type { ReactNode } from "react";
import { Link } from "~/components/link";
import {
  CURRENCY,
  MIN_AGE,
  PRO_ANNUAL_DISCOUNT_PERCENT,
  USERNAME_MAX,
  USERNAME_MIN,
  VAT_RATE_BPS,
} from "~/constants";
import { useI18n } from "~/platform/i18n/i18n";
import { MailLink } from "../components/mail-link";
import type { LicensePlans } from "./licensing";

/**
 * The terms' sections in the page's language, from the "content" catalogue: what a translated page
 * shows (English pages show the sections as written in terms.tsx, which the English catalogue repeats
 * word for word). Only the English version is binding (LegalPage says so).
 */

const strong = (chunks: ReactNode) => <strong key="strong">{chunks}</strong>;
const to = (path: string) => (chunks: ReactNode) => (
  <Link key={path} to={path}>
    {chunks}
  </Link>
);
const TAGS = {
  strong,
  licensing: to("/licensing"),
  privacy: to("/privacy"),
  pricing: to("/pricing"),
  refunds: to("/licensing#refunds"),
  prohibited: to("/licensing#prohibited-uses"),
  creatorsHub: to("/creators-hub"),
  contact: to("/contact"),
};

/** One translated section of the terms, by its id. */
export function TermsSection({ id, plans }: { id: string; plans: LicensePlans }) {
  const { t, rich, tag } = useI18n();
  const r = (key: string, values: Record<string, ReactNode> = {}) => rich(key, { ...TAGS, ...values });
  const granted = (names: readonly string[]) => ({
    count: names.length,
    plans: t("content.licensing.plans", {
      count: names.length,
      names: new Intl.ListFormat(tag, { type: "conjunction" }).format(names),
    }),
  });
  switch (id) {
    case "acceptance":
      return (
        <>
          <p>{r("content.terms.body.acceptance1")}</p>
          <p>{t("content.terms.body.acceptance2")}</p>
        </>
      );
    case "the-service":
      return (
        <>
          <p>{r("content.terms.body.service1")}</p>
          <p>{t("content.terms.body.service2")}</p>
        </>
      );
    case "accounts":
      return (
        <>
          <p>{t("content.terms.body.accounts1", { minAge: MIN_AGE })}</p>
          <ul>
            <li>{t("content.terms.body.accountsUsername", { min: USERNAME_MIN, max: USERNAME_MAX })}</li>
            <li>{t("content.terms.body.accountsEmail")}</li>
            <li>{t("content.terms.body.accountsPassword")}</li>
          </ul>
          <p>{t("content.terms.body.accounts2")}</p>
        </>
      );
    case "orders-and-payment":
      return (
        <>
          <p>{r("content.terms.body.orders1", { currency: CURRENCY, vat: VAT_RATE_BPS / 100 })}</p>
          <ol>
            <li>{r("content.terms.body.ordersPending")}</li>
            <li>{r("content.terms.body.ordersContact")}</li>
            <li>{r("content.terms.body.ordersStarts")}</li>
          </ol>
          <p>{t("content.terms.body.orders2", { discount: PRO_ANNUAL_DISCOUNT_PERCENT })}</p>
          <p>{r("content.terms.body.orders3")}</p>
        </>
      );
    case "licenses":
      return (
        <>
          <p>{r("content.terms.body.licenses1")}</p>
          <ul>
            <li>{r("content.terms.body.licensesStandard", granted(plans.standard))}</li>
            <li>{r("content.terms.body.licensesExtended", granted(plans.extended))}</li>
            <li>{t("content.terms.body.licensesNoResale")}</li>
            <li>{t("content.terms.body.licensesExclusive")}</li>
          </ul>
          <p>{t("content.terms.body.licenses2")}</p>
        </>
      );
    case "creators":
      return (
        <>
          <p>{t("content.terms.body.creators1")}</p>
          <p>{r("content.terms.body.creators2")}</p>
        </>
      );
    case "acceptable-use":
      return (
        <>
          <p>{t("content.terms.body.use1")}</p>
          <ul>
            <li>{r("content.terms.body.useProhibited")}</li>
            <li>{t("content.terms.body.useScrape")}</li>
            <li>{t("content.terms.body.useBreakIn")}</li>
            <li>{t("content.terms.body.useImpersonate")}</li>
          </ul>
        </>
      );
    case "termination":
      return (
        <>
          <p>
            {r("content.terms.body.termination1", {
              mail: <MailLink key="mail" subject="Close my account" />,
            })}
          </p>
          <p>{t("content.terms.body.termination2")}</p>
        </>
      );
    case "liability":
      return (
        <>
          <p>{t("content.terms.body.liability1")}</p>
          <p>{t("content.terms.body.liability2")}</p>
          <p>{t("content.terms.body.liability3")}</p>
        </>
      );
    case "changes-and-law":
      return (
        <>
          <p>{t("content.terms.body.changes1")}</p>
          <p>{t("content.terms.body.changes2")}</p>
        </>
      );
    case "contact":
      return <p>{r("content.terms.body.contact1", { mail: <MailLink key="mail" /> })}</p>;
    default:
      return null;
  }
}
