import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n } from "~/platform/i18n/i18n";
import type { Messages } from "~/platform/i18n/messages";
import { pageLocaleOf } from "~/platform/i18n/page-locale";

/** Commerce's and licensing's pages: their namespaces' messages for the loader, and `t` for the server's own texts. */
export function pageI18n(params: { lang?: string }, namespaces: readonly string[] = ["commerce"]) {
  const locale = pageLocaleOf(params);
  const messages: Messages = messagesFor(locale, namespaces);
  return { messages, i18n: makeI18n(locale, messages) };
}

/** English, for recognising stored English texts (plan titles) that the catalogue translates. */
export const englishI18n = () => makeI18n("en", messagesFor("en", ["commerce"]));
