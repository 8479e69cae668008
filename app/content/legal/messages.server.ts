import { messagesFor } from "~/platform/i18n/catalogues.server";
import { DEFAULT_LOCALE, type PageLocale } from "~/platform/i18n/locales";
import type { Messages } from "~/platform/i18n/messages";

let english: Messages | null = null;

/**
 * The legal pages' messages. English pages show the sections as written (terms.tsx, privacy.tsx,
 * licensing.tsx), so the catalogue's copies of the section bodies stay on the server for them.
 */
export function legalMessages(locale: PageLocale): Messages {
  if (locale !== DEFAULT_LOCALE) return messagesFor(locale, ["legal"]);
  english ??= Object.fromEntries(
    Object.entries(messagesFor(locale, ["legal"])).filter(
      ([key]) => !key.includes(".body.") && !/^legal\.licensing\.(standard|extended|card|plans)\b/.test(key),
    ),
  );
  return english;
}
