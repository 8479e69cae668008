import type { ReactNode } from "react";
import { Link } from "~/components/link";
import {
  MIN_AGE,
  PASSWORD_RESET_LINK_MINUTES,
  RATE_LIMIT_RETENTION_DAYS,
  SERVER_LOG_RETENTION_DAYS,
  SESSION_LIFETIME_DAYS,
  THEME_STORAGE_KEY,
} from "~/constants";
import { useI18n } from "~/platform/i18n/i18n";
import { MailLink } from "../components/mail-link";

/**
 * The privacy policy's sections in the page's language, from the "content" catalogue: what a
 * translated page shows (English pages show the sections as written in privacy.tsx, which the English
 * catalogue repeats word for word). Only the English version is binding (LegalPage says so).
 */

const strong = (chunks: ReactNode) => <strong key="strong">{chunks}</strong>;
const contact = (chunks: ReactNode) => (
  <Link key="contact" to="/contact">
    {chunks}
  </Link>
);

/** What the browser keeps (as BROWSER_STORAGE in privacy.tsx), in the page's language. */
const STORAGE = [
  {
    name: "better-auth.session_token",
    kind: "legal.privacy.body.storageHttpOnly",
    purpose: "legal.privacy.body.storageSessionPurpose",
    lasts: "legal.privacy.body.storageSessionLasts",
  },
  {
    name: THEME_STORAGE_KEY,
    kind: "legal.privacy.body.storageLocalAndCookie",
    purpose: "legal.privacy.body.storageThemePurpose",
    lasts: "legal.privacy.body.storageThemeLasts",
  },
  {
    name: "verdeo_checkout",
    kind: "legal.privacy.body.storageHttpOnly",
    purpose: "legal.privacy.body.storageCheckoutPurpose",
    lasts: "legal.privacy.body.storageCheckoutLasts",
  },
  {
    name: "verdeo_toast",
    kind: "legal.privacy.body.storageHttpOnly",
    purpose: "legal.privacy.body.storageToastPurpose",
    lasts: "legal.privacy.body.storageToastLasts",
  },
] as const;

/** One translated section of the privacy policy, by its id. */
export function PrivacySection({ id }: { id: string }) {
  const { t, rich } = useI18n();
  const r = (key: string, values: Record<string, ReactNode> = {}) =>
    rich(key, { strong, contact, ...values });
  const mail = (subject?: string) => ({ mail: <MailLink key="mail" subject={subject} /> });
  switch (id) {
    case "introduction":
      return (
        <>
          <p>{t("legal.privacy.body.intro1")}</p>
          <p>{r("legal.privacy.body.intro2", mail())}</p>
        </>
      );
    case "information-we-collect":
      return (
        <>
          <ul>
            <li>{r("legal.privacy.body.collectAccount")}</li>
            <li>{r("legal.privacy.body.collectSignIn")}</li>
            <li>{r("legal.privacy.body.collectSessions")}</li>
            <li>{r("legal.privacy.body.collectSaved")}</li>
            <li>{r("legal.privacy.body.collectOrders")}</li>
            <li>{r("legal.privacy.body.collectMessages")}</li>
            <li>{r("legal.privacy.body.collectRateLimits")}</li>
            <li>{r("legal.privacy.body.collectLogs")}</li>
            <li>{r("legal.privacy.body.collectReset", { minutes: PASSWORD_RESET_LINK_MINUTES })}</li>
          </ul>
          <p>{t("legal.privacy.body.collectMedia")}</p>
        </>
      );
    case "how-we-use":
      return (
        <ul>
          <li>{r("legal.privacy.body.useService")}</li>
          <li>{r("legal.privacy.body.useSecurity")}</li>
          <li>{r("legal.privacy.body.useAccounting")}</li>
        </ul>
      );
    case "cookies":
      return (
        <>
          <p>{t("legal.privacy.body.cookies1")}</p>
          <ul className="!list-none !space-y-0 !pl-0 grid gap-3 sm:grid-cols-2">
            {STORAGE.map((item) => (
              <li
                key={item.name}
                className="!pl-0 rounded-xl border border-zinc-200 p-4 text-sm dark:border-zinc-800"
              >
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <code className="font-mono text-xs font-semibold text-zinc-900 dark:text-zinc-100">
                    {item.name}
                  </code>
                  <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                    {t(item.kind)}
                  </span>
                </p>
                <p className="!mt-2">{t(item.purpose)}</p>
                <p className="!mt-1 text-zinc-600 dark:text-zinc-400">
                  {t("legal.privacy.body.storageKept", {
                    lasts: t(item.lasts, { days: SESSION_LIFETIME_DAYS }),
                  })}
                </p>
              </li>
            ))}
          </ul>
          <p>{t("legal.privacy.body.cookies2")}</p>
        </>
      );
    case "sharing":
      return (
        <>
          <p>{t("legal.privacy.body.sharing1")}</p>
          <ul>
            <li>{r("legal.privacy.body.sharingHosting")}</li>
            <li>{r("legal.privacy.body.sharingEmail")}</li>
            <li>{r("legal.privacy.body.sharingSignIn")}</li>
          </ul>
          <p>{t("legal.privacy.body.sharing2")}</p>
          <p>{t("legal.privacy.body.sharing3")}</p>
        </>
      );
    case "retention":
      return (
        <ul>
          <li>{r("legal.privacy.body.retentionAccount")}</li>
          <li>{r("legal.privacy.body.retentionSessions", { days: SESSION_LIFETIME_DAYS })}</li>
          <li>{r("legal.privacy.body.retentionOrders")}</li>
          <li>{r("legal.privacy.body.retentionMessages")}</li>
          <li>{r("legal.privacy.body.retentionRateLimits", { days: RATE_LIMIT_RETENTION_DAYS })}</li>
          <li>{r("legal.privacy.body.retentionLogs", { days: SERVER_LOG_RETENTION_DAYS })}</li>
          <li>{r("legal.privacy.body.retentionReset", { minutes: PASSWORD_RESET_LINK_MINUTES })}</li>
        </ul>
      );
    case "security":
      return <p>{t("legal.privacy.body.security1")}</p>;
    case "your-rights":
      return (
        <>
          <p>{t("legal.privacy.body.rights1")}</p>
          <ul>
            <li>{r("legal.privacy.body.rightsAccess")}</li>
            <li>{r("legal.privacy.body.rightsRectification")}</li>
            <li>{r("legal.privacy.body.rightsErasure")}</li>
            <li>{r("legal.privacy.body.rightsPortability")}</li>
            <li>{r("legal.privacy.body.rightsRestriction")}</li>
            <li>{r("legal.privacy.body.rightsComplain")}</li>
          </ul>
          <p>{r("legal.privacy.body.rights2", mail("Privacy request"))}</p>
        </>
      );
    case "children":
      return <p>{r("legal.privacy.body.children1", { minAge: MIN_AGE, ...mail() })}</p>;
    case "international-transfers":
      return <p>{t("legal.privacy.body.transfers1")}</p>;
    case "changes":
      return <p>{t("legal.privacy.body.changes1")}</p>;
    case "contact":
      return <p>{r("legal.privacy.body.contact1", mail())}</p>;
    default:
      return null;
  }
}
