import type { ReactNode } from "react";
import type { License } from "~/catalog/clips/attributes";
import { Link } from "~/components/link";
import { LICENSE_TERM_KEYS } from "~/licensing/license-terms";
import { useI18n } from "~/platform/i18n/i18n";
import { MailLink } from "../components/mail-link";
import type { LicensePlans } from "./licensing";

/**
 * The licensing page's sections in the page's language, from the "content" catalogue: what a
 * translated page shows (English pages show the sections as written in licensing.tsx, which the
 * English catalogue repeats word for word). Only the English version is binding (LegalPage says so).
 */

const strong = (chunks: ReactNode) => <strong key="strong">{chunks}</strong>;
const to = (path: string) => (chunks: ReactNode) => (
  <Link key={path} to={path}>
    {chunks}
  </Link>
);
const TAGS = { strong, terms: to("/terms"), pricing: to("/pricing"), contact: to("/contact") };

/** "Creator plan", "Business and Pro plans", in the page's language. */
function usePlansPhrase() {
  const { t, tag } = useI18n();
  return (plans: readonly string[]) =>
    t("legal.licensing.plans", {
      count: plans.length,
      names: new Intl.ListFormat(tag, { type: "conjunction" }).format(plans),
    });
}

const CARDS = {
  standard: {
    name: "legal.licensing.standard.name",
    bestFor: "legal.licensing.standard.bestFor",
    ...LICENSE_TERM_KEYS.standard,
  },
  extended: {
    name: "legal.licensing.extended.name",
    bestFor: "legal.licensing.extended.bestFor",
    ...LICENSE_TERM_KEYS.extended,
  },
} as const satisfies Record<License, unknown>;

function LicenseCard({ license, plans }: { license: License; plans: readonly string[] }) {
  const { t, tag } = useI18n();
  const card = CARDS[license];
  return (
    <div className="rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
      <h3 className="!pt-0 text-lg">{t(card.name)}</h3>
      <p className="!mt-1 text-sm">
        {t("legal.licensing.card.included", {
          count: plans.length,
          names: new Intl.ListFormat(tag, { type: "conjunction" }).format(plans),
          bestFor: t(card.bestFor),
        })}
      </p>
      <p className="!mt-4 text-sm font-semibold text-brand-800 dark:text-brand-300">
        {t("legal.licensing.card.youCan")}
      </p>
      <ul className="!mt-1 !list-none !pl-0 text-sm">
        {card.allowed.map((item) => (
          <li key={item} className="flex gap-2 !pl-0">
            <span aria-hidden className="text-brand-700 dark:text-brand-400">
              ✓
            </span>
            {t(item)}
          </li>
        ))}
      </ul>
      <p className="!mt-4 text-sm font-semibold text-red-800 dark:text-red-300">
        {t("legal.licensing.card.youCant")}
      </p>
      <ul className="!mt-1 !list-none !pl-0 text-sm">
        {card.notAllowed.map((item) => (
          <li key={item} className="flex gap-2 !pl-0">
            <span aria-hidden className="text-red-700 dark:text-red-400">
              ✕
            </span>
            {t(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One translated section of the licensing page, by its id. */
export function LicensingSection({ id, plans }: { id: string; plans: LicensePlans }) {
  const { t, rich } = useI18n();
  const phrase = usePlansPhrase();
  const r = (key: string, values: Record<string, ReactNode> = {}) => rich(key, { ...TAGS, ...values });
  const mail = (subject?: string) => ({ mail: <MailLink key="mail" subject={subject} /> });
  switch (id) {
    case "introduction":
      return (
        <>
          <p>{t("legal.licensing.body.intro1")}</p>
          <p>{r("legal.licensing.body.intro2")}</p>
        </>
      );
    case "what-licensing-means":
      return (
        <>
          <p>{r("legal.licensing.body.means1")}</p>
          <ul>
            <li>{r("legal.licensing.body.meansNonExclusive")}</li>
            <li>{r("legal.licensing.body.meansWorldwide")}</li>
            <li>{r("legal.licensing.body.meansLasting")}</li>
            <li>{r("legal.licensing.body.meansPersonal")}</li>
          </ul>
        </>
      );
    case "license-types":
      return (
        <>
          <p>{r("legal.licensing.body.types1")}</p>
          <div className="grid gap-4 md:grid-cols-2">
            <LicenseCard license="standard" plans={plans.standard} />
            <LicenseCard license="extended" plans={plans.extended} />
          </div>
          <p>{t("legal.licensing.body.types2")}</p>
          <h3>{t("legal.licensing.body.exclusiveHeading")}</h3>
          <p>{r("legal.licensing.body.exclusive", mail("Exclusive rights request"))}</p>
        </>
      );
    case "ownership":
      return (
        <>
          <p>{t("legal.licensing.body.ownership1")}</p>
          <p>{t("legal.licensing.body.ownership2")}</p>
        </>
      );
    case "attribution": {
      const placeholder = `{${t("legal.licensing.body.attributionPlaceholder")}}`;
      return (
        <>
          <p>{t("legal.licensing.body.attribution1")}</p>
          <p className="rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 font-mono text-sm text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
            {t("legal.licensing.body.attributionLine", { username: placeholder })}
          </p>
          <p>
            {t("legal.licensing.body.attributionExample", {
              line: t("legal.licensing.body.attributionLine", { username: "mayalens" }),
            })}
          </p>
        </>
      );
    }
    case "prohibited-uses":
      return (
        <>
          <p>{t("legal.licensing.body.prohibited1")}</p>
          <ul>
            <li>{r("legal.licensing.body.prohibitedResell")}</li>
            <li>{t("legal.licensing.body.prohibitedPorn")}</li>
            <li>{t("legal.licensing.body.prohibitedDeepfakes")}</li>
            <li>{t("legal.licensing.body.prohibitedPolitical")}</li>
            <li>{t("legal.licensing.body.prohibitedTrademark")}</li>
            <li>{t("legal.licensing.body.prohibitedNft")}</li>
          </ul>
          <p>{t("legal.licensing.body.prohibited2")}</p>
        </>
      );
    case "refunds":
      return (
        <>
          <p>{t("legal.licensing.body.refunds1")}</p>
          <ol>
            <li>{t("legal.licensing.body.refundsCorrupted")}</li>
            <li>{t("legal.licensing.body.refundsMissing")}</li>
            <li>{t("legal.licensing.body.refundsCharged")}</li>
          </ol>
          <p>{t("legal.licensing.body.refunds2")}</p>
          <p>{r("legal.licensing.body.refunds3", mail("Refund request"))}</p>
          <p>{t("legal.licensing.body.refunds4")}</p>
        </>
      );
    case "free-content":
      return <p>{r("legal.licensing.body.free1")}</p>;
    case "reporting":
      return (
        <>
          <p>{r("legal.licensing.body.reporting1", mail("Misuse or copyright report"))}</p>
          <ul>
            <li>{t("legal.licensing.body.reportingLink")}</li>
            <li>{t("legal.licensing.body.reportingDescription")}</li>
            <li>{t("legal.licensing.body.reportingProof")}</li>
          </ul>
          <p>{t("legal.licensing.body.reporting2")}</p>
        </>
      );
    case "legal-summary":
      return (
        <>
          <ul>
            <li>{t("legal.licensing.body.summaryLicensed")}</li>
            <li>{t("legal.licensing.body.summaryStandard", { plans: phrase(plans.standard) })}</li>
            <li>{t("legal.licensing.body.summaryExtended", { plans: phrase(plans.extended) })}</li>
            <li>{t("legal.licensing.body.summaryNoResale")}</li>
            <li>{t("legal.licensing.body.summaryAttribution")}</li>
            <li>{t("legal.licensing.body.summaryRefunds")}</li>
          </ul>
          <p>{r("legal.licensing.body.summary1")}</p>
        </>
      );
    case "contact":
      return <p>{r("legal.licensing.body.contact1", mail())}</p>;
    default:
      return null;
  }
}
