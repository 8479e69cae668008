import { createContext, type ReactNode, useContext, useMemo } from "react";
import { DEFAULT_LOCALE, LOCALE_TAGS, localizedPath, type PageLocale } from "./locales";
import {
  formatMessage,
  formatRichMessage,
  type Messages,
  type MessageValues,
  type RichValues,
} from "./messages";

/** What a component needs to speak the page's language. */
export interface I18n {
  locale: PageLocale;
  /** The BCP 47 tag, for `Intl` and `lang`. */
  tag: string;
  t: (key: string, values?: MessageValues) => string;
  /** A message with tags (`<link>…</link>`) whose values render them. */
  rich: (key: string, values: RichValues<ReactNode>) => ReactNode;
  /** A site path in the page's language: `/videos` → `/de/videos`. */
  path: (to: string) => string;
}

export function makeI18n(locale: PageLocale, messages: Messages): I18n {
  const tag = LOCALE_TAGS[locale];
  return {
    locale,
    tag,
    t: (key, values) => formatMessage(tag, messages, key, values),
    rich: (key, values) => formatRichMessage<ReactNode>(tag, messages, key, values),
    path: (to) => localizedPath(locale, to),
  };
}

const I18nContext = createContext<I18n>(makeI18n(DEFAULT_LOCALE, {}));

/** Gives the page's language and messages to every component below (app/root.tsx). */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: PageLocale;
  messages: Messages;
  children: ReactNode;
}) {
  const i18n = useMemo(() => makeI18n(locale, messages), [locale, messages]);
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

export const useI18n = () => useContext(I18nContext);
/** The page's translate function: `t("catalog.videos.heading")`. */
export const useT = () => useContext(I18nContext).t;
