import { Link } from "~/components/link";
import { Logo } from "~/components/logo";
import { copyrightYear, PRODUCT_NAME, SUPPORT_EMAIL } from "~/constants";
import { CurrencySwitcher } from "~/payments/components/currency-switcher";
import type { Currency } from "~/payments/currencies";
import { useT } from "~/platform/i18n/i18n";
import { LanguageSwitcher } from "./language-switcher";

const COLUMNS = [
  {
    title: "common.footer.product",
    links: [
      { to: "/videos", label: "common.footer.exploreVideos" },
      { to: "/pricing", label: "common.nav.pricing" },
      { to: "/search?q=Nature", label: "common.footer.search" },
      { to: "/creators-hub", label: "common.nav.forCreators" },
    ],
  },
  {
    title: "common.footer.company",
    links: [
      { to: "/about", label: "common.nav.about" },
      { to: "/creators-hub", label: "common.footer.creatorsHub" },
      { to: "/contact", label: "common.footer.contactUs" },
    ],
  },
  {
    title: "common.footer.legal",
    links: [
      { to: "/terms", label: "common.footer.terms" },
      { to: "/privacy", label: "common.footer.privacy" },
      { to: "/licensing", label: "common.footer.licensing" },
    ],
  },
] as const;

export function Footer({ currency }: { currency: Currency }) {
  const t = useT();
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-[1400px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{t("common.footer.tagline")}</p>
          <CurrencySwitcher current={currency} id="footer" className="pt-2" />
          <LanguageSwitcher />
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold">{t(column.title)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-zinc-600 hover:text-brand-700 dark:text-zinc-400 dark:hover:text-brand-400"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-sm font-semibold">{t("common.footer.contact")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="text-zinc-600 hover:text-brand-700 dark:text-zinc-400 dark:hover:text-brand-400"
              >
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <Link
                to="/contact"
                className="text-zinc-600 hover:text-brand-700 dark:text-zinc-400 dark:hover:text-brand-400"
              >
                {t("common.footer.contactUs")}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-zinc-200 py-6 text-center text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <span suppressHydrationWarning>
          {t("common.footer.rights", { year: String(copyrightYear()), product: PRODUCT_NAME })}
        </span>
      </div>
    </footer>
  );
}
