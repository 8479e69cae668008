import { messagesFor } from "./catalogues.server";
import { type I18n, makeI18n } from "./i18n";
import type { PageLocale } from "./locales";

/**
 * Text the server writes outside a page (a mail, a PDF, an action's answer) in `locale`, from the
 * catalogues' `namespaces` (docs/decisions/0033-interface-languages.md).
 */
export function translator(locale: PageLocale, namespaces: readonly string[]): I18n {
  return makeI18n(locale, messagesFor(locale, namespaces));
}
