import { type MouseEvent, useMemo, useRef } from "react";
import { Link } from "~/components/link";
import { copyrightYear, LEGAL_TOC_SCROLL_OFFSET_PX, PRODUCT_NAME } from "~/constants";
import { useI18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, explicitPath } from "~/platform/i18n/locales";
import type { LegalDocument } from "../legal/types";
import { useActiveSection } from "./use-active-section";

/**
 * html already keeps 5rem (80 px) clear under the fixed header (scroll-padding-top in app.css);
 * this margin adds the rest, so a direct link (`/licensing#refunds`) lands where a table-of-contents
 * click does: LEGAL_TOC_SCROLL_OFFSET_PX below the top.
 */
const SECTION_SCROLL_MARGIN = `calc(${LEGAL_TOC_SCROLL_OFFSET_PX}px - 5rem)`;

const PROSE =
  "space-y-4 leading-7 text-zinc-700 dark:text-zinc-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800 dark:[&_a]:text-brand-400 dark:hover:[&_a]:text-brand-300 [&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-zinc-900 dark:[&_h3]:text-white [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-zinc-900 dark:[&_strong]:text-white [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6";

/** The day the document last changed, written as the page's language writes a long date. */
function LastUpdated({ on }: { on: string }) {
  const { rich, tag } = useI18n();
  const shown = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${on}T00:00:00Z`),
  );
  return rich("legal.page.lastUpdated", {
    date: shown,
    time: (chunks) => (
      <time key="time" dateTime={on}>
        {chunks}
      </time>
    ),
  });
}

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Licensing, Terms and Privacy: one layout with a table of contents that follows the reader. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  const ids = useMemo(() => doc.sections.map((section) => section.id), [doc]);
  const { active, pin } = useActiveSection(ids, LEGAL_TOC_SCROLL_OFFSET_PX);
  const phoneToc = useRef<HTMLDetailsElement>(null);
  const { t, rich, locale } = useI18n();
  const translated = locale !== DEFAULT_LOCALE;
  /** A translated page shows each section's translation where there is one, else its English text. */
  const allTranslated = doc.sections.every((section) => section.translated !== undefined);

  function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const section = document.getElementById(id);
    if (!section || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Fold the phone contents first: measuring before it closes would aim too low by its height.
    if (phoneToc.current) phoneToc.current.open = false;
    const top = section.getBoundingClientRect().top + window.scrollY - LEGAL_TOC_SCROLL_OFFSET_PX;
    // replaceState keeps React Router's history entry and gives a shareable #section address.
    window.history.replaceState(window.history.state, "", `#${id}`);
    window.scrollTo({ top, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    section.focus({ preventScroll: true });
    pin(id);
  }

  const tocLinks = (
    <ol className="space-y-0.5 text-sm">
      {doc.sections.map((section, index) => {
        const current = section.id === active;
        return (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              onClick={(event) => goToSection(event, section.id)}
              aria-current={current ? "location" : undefined}
              className={`flex gap-2 rounded-lg border-l-2 px-3 py-1.5 transition-colors ${
                current
                  ? "border-brand-600 bg-brand-50 font-semibold text-brand-800 dark:border-brand-400 dark:bg-brand-950/60 dark:text-brand-300"
                  : "border-transparent text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-white"
              }`}
            >
              <span aria-hidden className="w-5 shrink-0 tabular-nums">
                {index + 1}.
              </span>
              <span>{t(section.titleKey)}</span>
            </a>
          </li>
        );
      })}
    </ol>
  );

  return (
    <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6 lg:pt-12">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 rounded-full text-sm font-medium text-zinc-600 hover:text-brand-700 dark:text-zinc-400 dark:hover:text-brand-400"
      >
        <span aria-hidden>←</span> {t("legal.page.back")}
      </Link>

      <header className="mt-6 border-b border-zinc-200 pb-8 dark:border-zinc-800">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(doc.titleKey)}</h1>
        <p className="mt-3 max-w-2xl text-lg text-zinc-600 dark:text-zinc-400">{t(doc.subtitleKey)}</p>
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          <LastUpdated on={doc.lastUpdated} />
        </p>
        {translated ? (
          <p
            role="note"
            className="mt-4 max-w-2xl rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          >
            {rich(allTranslated ? "legal.page.bindingTranslated" : "legal.page.binding", {
              link: (chunks) => (
                <a
                  key="link"
                  href={explicitPath("en", doc.path)}
                  hrefLang="en"
                  className="font-medium underline underline-offset-2"
                >
                  {chunks}
                </a>
              ),
            })}
          </p>
        ) : null}
      </header>

      <div className="mt-8 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <aside className="mb-8 lg:mb-0">
          <details
            ref={phoneToc}
            className="group rounded-xl border border-zinc-200 bg-zinc-50 lg:hidden dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold [&::-webkit-details-marker]:hidden">
              {t("legal.page.onThisPage")}
              <svg
                viewBox="0 0 20 20"
                className="size-4 transition-transform group-open:rotate-180"
                fill="currentColor"
                aria-hidden
              >
                <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
              </svg>
            </summary>
            <nav
              aria-label={t("legal.page.toc")}
              className="border-t border-zinc-200 p-2 dark:border-zinc-800"
            >
              {tocLinks}
            </nav>
          </details>
          <nav
            aria-label={t("legal.page.toc")}
            className="sticky top-24 hidden max-h-[calc(100vh-7rem)] overflow-y-auto lg:block"
          >
            <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-zinc-500 dark:text-zinc-400">
              {t("legal.page.onThisPage")}
            </p>
            {tocLinks}
          </nav>
        </aside>

        <article className="min-w-0 space-y-12">
          {doc.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              tabIndex={-1}
              style={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}
              className="outline-none"
            >
              <h2
                id={`${section.id}-title`}
                className="flex items-baseline gap-3 text-xl font-semibold sm:text-2xl"
              >
                <span
                  aria-hidden
                  className="text-base font-bold tabular-nums text-brand-700 dark:text-brand-400"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                {t(section.titleKey)}
              </h2>
              {translated && section.translated !== undefined ? (
                <div className={`mt-4 ${PROSE}`}>{section.translated}</div>
              ) : (
                <div className={`mt-4 ${PROSE}`} lang={translated ? "en" : undefined}>
                  {section.body}
                </div>
              )}
            </section>
          ))}
        </article>
      </div>

      <footer className="mt-16 flex flex-col gap-2 border-t border-zinc-200 pt-6 text-sm text-zinc-600 sm:flex-row sm:justify-between dark:border-zinc-800 dark:text-zinc-400">
        <p>
          <LastUpdated on={doc.lastUpdated} />
        </p>
        <p suppressHydrationWarning>
          {t("common.footer.rights", { year: String(copyrightYear()), product: PRODUCT_NAME })}
        </p>
      </footer>
    </main>
  );
}
