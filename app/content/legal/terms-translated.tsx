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
    plans: t("legal.licensing.plans", {
      count: names.length,
      names: new Intl.ListFormat(tag, { type: "conjunction" }).format(names),
    }),
  });
  switch (id) {
    case "acceptance":
      return (
        <>
          <p>{r("legal.terms.body.acceptance1")}</p>
          <p>{t("legal.terms.body.acceptance2")}</p>
        </>
      );
    case "the-service":
      return (
        <>
          <p>{r("legal.terms.body.service1")}</p>
          <p>{t("legal.terms.body.service2")}</p>
        </>
      );
    case "accounts":
      return (
        <>
          <p>{t("legal.terms.body.accounts1", { minAge: MIN_AGE })}</p>
          <ul>
            <li>{t("legal.terms.body.accountsUsername", { min: USERNAME_MIN, max: USERNAME_MAX })}</li>
            <li>{t("legal.terms.body.accountsEmail")}</li>
            <li>{t("legal.terms.body.accountsPassword")}</li>
          </ul>
          <p>{t("legal.terms.body.accounts2")}</p>
        </>
      );
    case "orders-and-payment":
      return (
        <>
          <p>{r("legal.terms.body.orders1", { currency: CURRENCY, vat: VAT_RATE_BPS / 100 })}</p>
          <ol>
            <li>{r("legal.terms.body.ordersPending")}</li>
            <li>{r("legal.terms.body.ordersContact")}</li>
            <li>{r("legal.terms.body.ordersStarts")}</li>
          </ol>
          <p>{t("legal.terms.body.orders2", { discount: PRO_ANNUAL_DISCOUNT_PERCENT })}</p>
          <p>{r("legal.terms.body.orders3")}</p>
        </>
      );
    case "licenses":
      return (
        <>
          <p>{r("legal.terms.body.licenses1")}</p>
          <ul>
            <li>{r("legal.terms.body.licensesStandard", granted(plans.standard))}</li>
            <li>{r("legal.terms.body.licensesExtended", granted(plans.extended))}</li>
            <li>{t("legal.terms.body.licensesNoResale")}</li>
            <li>{t("legal.terms.body.licensesExclusive")}</li>
          </ul>
          <p>{t("legal.terms.body.licenses2")}</p>
        </>
      );
    case "creators":
      return (
        <>
          <p>{t("legal.terms.body.creators1")}</p>
          <p>{r("legal.terms.body.creators2")}</p>
        </>
      );
    case "acceptable-use":
      return (
        <>
          <p>{t("legal.terms.body.use1")}</p>
          <ul>
            <li>{r("legal.terms.body.useProhibited")}</li>
            <li>{t("legal.terms.body.useScrape")}</li>
            <li>{t("legal.terms.body.useBreakIn")}</li>
            <li>{t("legal.terms.body.useImpersonate")}</li>
          </ul>
        </>
      );
    case "termination":
      return (
        <>
          <p>
            {r("legal.terms.body.termination1", {
              mail: <MailLink key="mail" subject="Close my account" />,
            })}
          </p>
          <p>{t("legal.terms.body.termination2")}</p>
        </>
      );
    case "liability":
      return (
        <>
          <p>{t("legal.terms.body.liability1")}</p>
          <p>{t("legal.terms.body.liability2")}</p>
          <p>{t("legal.terms.body.liability3")}</p>
        </>
      );
    case "changes-and-law":
      return (
        <>
          <p>{t("legal.terms.body.changes1")}</p>
          <p>{t("legal.terms.body.changes2")}</p>
        </>
      );
    case "contact":
      return <p>{r("legal.terms.body.contact1", { mail: <MailLink key="mail" /> })}</p>;
    default:
      return null;
  }
}
