import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { type FormatXMLElementFn, IntlMessageFormat, type PrimitiveType } from "intl-messageformat";

/**
 * A message as pages receive it: plain text as a string, an ICU message (arguments, plurals,
 * selects, numbers, dates, tags) as FormatJS's parsed form, so the browser never ships the parser
 * (docs/decisions/0033-interface-languages.md).
 */
export type Message = string | MessageFormatElement[];
export type Messages = Record<string, Message>;
export type MessageValues = Record<string, PrimitiveType>;
export type RichValues<T> = Record<
  string,
  PrimitiveType | T | FormatXMLElementFn<T, T | string | (string | T)[]>
>;

const formatters = new WeakMap<MessageFormatElement[], IntlMessageFormat>();

function formatterOf(message: MessageFormatElement[], localeTag: string) {
  let formatter = formatters.get(message);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, localeTag);
    formatters.set(message, formatter);
  }
  return formatter;
}

/**
 * One message in a language, with its values. A key the catalogue lacks shows as the key itself
 * (the lint check keeps catalogues complete; the page must still render).
 */
export function formatMessage(
  localeTag: string,
  messages: Messages,
  key: string,
  values?: MessageValues,
): string {
  const message = messages[key];
  if (message === undefined) return key;
  if (typeof message === "string") return message;
  return String(formatterOf(message, localeTag).format(values));
}

/** A message whose tags (`<link>…</link>`) become elements: `values` gives each tag's function. */
export function formatRichMessage<T>(
  localeTag: string,
  messages: Messages,
  key: string,
  values: RichValues<T>,
): string | T | (string | T)[] {
  const message = messages[key];
  if (message === undefined) return key;
  if (typeof message === "string") return message;
  return formatterOf(message, localeTag).format<T>(values) as string | T | (string | T)[];
}
