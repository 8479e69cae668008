import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/button";
import { useI18n } from "~/platform/i18n/i18n";
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, splitLocalePath } from "~/platform/i18n/locales";

/** The page the visitor is on, without its language: the switcher shows it again in another. */
function useReturnTo() {
  const location = useLocation();
  return `${splitLocalePath(location.pathname).path}${location.search}`;
}

/**
 * The footer's language switcher: a select and a button posting to /resources/language, which keeps
 * the choice and shows the same page in that language. A plain form: works without JavaScript.
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, locale } = useI18n();
  const returnTo = useReturnTo();
  return (
    <Form
      method="post"
      action="/resources/language"
      reloadDocument
      className={`flex flex-wrap items-end gap-2 ${className}`}
      aria-label={t("common.language.label")}
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor="footer-language" className="grid gap-1 text-sm">
        <span className="font-medium text-zinc-700 dark:text-zinc-300">{t("common.language.label")}</span>
        <select
          id="footer-language"
          name="locale"
          defaultValue={locale}
          key={locale}
          className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={LOCALE_TAGS[option]}>
              {LOCALE_NAMES[option]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("secondary", "py-2")}>
        {t("common.language.change")}
      </button>
    </Form>
  );
}

/**
 * The header's language menu: a disclosure whose buttons each post the switcher's form, so it opens
 * by keyboard and works without JavaScript.
 */
export function LanguageMenu() {
  const { t, locale } = useI18n();
  const returnTo = useReturnTo();
  return (
    <details className="group relative" data-testid="language-menu">
      <summary className="grid h-10 min-w-10 cursor-pointer list-none place-items-center rounded-full px-2 text-xs font-semibold uppercase text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{t("common.language.change")}: </span>
        <span data-language-code>{locale === "pt-br" ? "PT" : locale.slice(0, 2)}</span>
      </summary>
      <Form
        method="post"
        action="/resources/language"
        reloadDocument
        className="absolute right-0 mt-2 grid w-48 gap-1 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        aria-label={t("common.language.label")}
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        {LOCALES.map((option) => (
          <button
            key={option}
            type="submit"
            name="locale"
            value={option}
            lang={LOCALE_TAGS[option]}
            aria-current={option === locale ? "true" : undefined}
            className="rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 aria-[current]:font-semibold aria-[current]:text-brand-700 dark:hover:bg-zinc-800 dark:aria-[current]:text-brand-400"
          >
            {LOCALE_NAMES[option]}
          </button>
        ))}
      </Form>
    </details>
  );
}
