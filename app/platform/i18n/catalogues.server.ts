import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { DEFAULT_LOCALE, type Locale, type PageLocale, PSEUDO_LOCALE } from "./locales";
import type { Message, Messages } from "./messages";
import { pseudoLocalize } from "./pseudo.server";

/**
 * The catalogues, one folder per language and one file per namespace (app/locales/de/catalog.json),
 * in the server's bundle only: a page receives the messages of its namespaces in its loader data.
 * Vite inlines them; a process run from source without Vite (the operator CLI under tsx, as its
 * tests run it) reads the same files from disk.
 */
const FILES = bundledCatalogues() ?? cataloguesOnDisk();

function bundledCatalogues(): Record<string, Record<string, string>> | null {
  try {
    return import.meta.glob<Record<string, string>>("../../locales/*/*.json", {
      eager: true,
      import: "default",
    });
  } catch {
    return null;
  }
}

function cataloguesOnDisk(): Record<string, Record<string, string>> {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../locales");
  const files: Record<string, Record<string, string>> = {};
  for (const locale of readdirSync(root))
    for (const name of readdirSync(path.join(root, locale)).filter((file) => file.endsWith(".json")))
      files[`../../locales/${locale}/${name}`] = JSON.parse(
        readFileSync(path.join(root, locale, name), "utf8"),
      );
  return files;
}

/** Namespace → key → ICU source, per language. */
const SOURCES = new Map<Locale, Map<string, Record<string, string>>>();
for (const [file, messages] of Object.entries(FILES)) {
  const [, locale, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!locale || !namespace) continue;
  const namespaces = SOURCES.get(locale as Locale) ?? new Map();
  namespaces.set(namespace, messages);
  SOURCES.set(locale as Locale, namespaces);
}

/** Plain text stays a string; anything with ICU syntax is sent parsed. */
function compile(source: string, pseudo: boolean): Message {
  let ast: MessageFormatElement[] = parse(source);
  if (pseudo) ast = pseudoLocalize(ast);
  const only = ast[0];
  if (ast.length === 0) return "";
  if (ast.length === 1 && only?.type === TYPE.literal) return only.value;
  return ast;
}

const compiled = new Map<string, Messages>();

/**
 * The messages of `namespaces` in `locale`, parsed once per process. A key a translation lacks falls
 * back to English (the lint check fails on it first).
 */
export function messagesFor(locale: PageLocale, namespaces: readonly string[]): Messages {
  const out: Messages = {};
  for (const namespace of namespaces) Object.assign(out, namespaceMessages(locale, namespace));
  return out;
}

function namespaceMessages(locale: PageLocale, namespace: string): Messages {
  const id = `${locale}/${namespace}`;
  const kept = compiled.get(id);
  if (kept) return kept;
  const english = SOURCES.get(DEFAULT_LOCALE)?.get(namespace);
  if (!english) throw new Error(`No English catalogue for the namespace "${namespace}"`);
  const pseudo = locale === PSEUDO_LOCALE;
  const own = pseudo ? english : { ...english, ...SOURCES.get(locale)?.get(namespace) };
  const messages: Messages = {};
  for (const [key, source] of Object.entries(own)) messages[key] = compile(source, pseudo);
  compiled.set(id, messages);
  return messages;
}

/** Every catalogue's raw sources, for the lint check (scripts/i18n.ts) and tests. */
export function catalogueSources(): ReadonlyMap<Locale, ReadonlyMap<string, Record<string, string>>> {
  return SOURCES;
}
