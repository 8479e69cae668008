/**
 * The translation catalogues' check and extraction (docs/translating.md).
 *
 *   npx tsx scripts/i18n.ts --check     fails on a key used in app/ that English lacks, an English key
 *                                       nothing uses, a key missing from or extra in any language, a
 *                                       message that does not parse, or a translation whose arguments
 *                                       or tags differ from English's (part of npm run lint)
 *   npx tsx scripts/i18n.ts --extract   adds the keys app/ uses and English lacks to English's
 *                                       catalogues (their text is the key until someone writes it)
 *
 * A key is found as a string literal that starts with a catalogue's namespace (`"catalog.videos.title"`),
 * wherever it is written: keep keys whole in the code, never built from parts.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";

const LOCALES_DIR = "app/locales";
const ENGLISH = "en";

type Catalogue = Record<string, string>;
const read = (file: string): Catalogue => JSON.parse(readFileSync(file, "utf8"));

function catalogues() {
  const out = new Map<string, Map<string, Catalogue>>();
  for (const locale of readdirSync(LOCALES_DIR)) {
    const namespaces = new Map<string, Catalogue>();
    for (const file of readdirSync(path.join(LOCALES_DIR, locale)).filter((name) => name.endsWith(".json")))
      namespaces.set(file.slice(0, -5), read(path.join(LOCALES_DIR, locale, file)));
    out.set(locale, namespaces);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every key-shaped string literal in app/, with where it was first seen. */
function usedKeys(namespaces: string[]) {
  // Keys are camelCase between dots: a kebab-case literal such as the job name "commerce.expire-orders" is no key.
  const pattern = new RegExp(`["'\`]((?:${namespaces.join("|")})\\.[A-Za-z0-9_.]+)["'\`]`, "g");
  const used = new Map<string, string>();
  for (const file of sourceFiles("app"))
    for (const match of readFileSync(file, "utf8").matchAll(pattern))
      if (!match[1]!.endsWith(".") && !used.has(match[1]!)) used.set(match[1]!, file);
  return used;
}

/** The argument and tag names a message uses: a translation must use the same ones. */
function namesIn(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) namesIn(option.value, names);
    if (element.type === TYPE.tag) namesIn(element.children, names);
  }
  return names;
}

function check() {
  const all = catalogues();
  const english = all.get(ENGLISH);
  if (!english) throw new Error(`${LOCALES_DIR}/${ENGLISH} is missing`);
  const problems: string[] = [];
  const englishKeys = new Map<string, string>();
  for (const [namespace, messages] of english)
    for (const key of Object.keys(messages)) {
      if (!key.startsWith(`${namespace}.`))
        problems.push(`${ENGLISH}/${namespace}.json: "${key}" belongs to another namespace`);
      englishKeys.set(key, namespace);
    }
  const used = usedKeys([...english.keys()]);
  for (const [key, file] of used)
    if (!englishKeys.has(key))
      problems.push(`missing: "${key}" (used in ${file}) is in no English catalogue`);
  for (const key of englishKeys.keys())
    if (!used.has(key)) problems.push(`unused: "${key}" is used nowhere in app/`);
  for (const [locale, namespaces] of all) {
    for (const namespace of english.keys())
      if (!namespaces.has(namespace)) problems.push(`${locale}: no ${namespace}.json`);
    for (const [namespace, messages] of namespaces) {
      const source = english.get(namespace) ?? {};
      for (const key of Object.keys(source))
        if (!(key in messages)) problems.push(`${locale}/${namespace}.json: "${key}" is not translated`);
      for (const [key, message] of Object.entries(messages)) {
        if (!(key in source)) {
          problems.push(`${locale}/${namespace}.json: "${key}" is not in English`);
          continue;
        }
        try {
          const names = [...namesIn(parse(message))].sort().join(",");
          const wanted = [...namesIn(parse(source[key]!))].sort().join(",");
          if (names !== wanted)
            problems.push(`${locale}/${namespace}.json: "${key}" uses {${names}}, English uses {${wanted}}`);
        } catch (error) {
          problems.push(`${locale}/${namespace}.json: "${key}" does not parse (${(error as Error).message})`);
        }
      }
    }
  }
  if (problems.length > 0) {
    console.error(`Translation catalogues (docs/translating.md):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `Translation catalogues: ${englishKeys.size} keys in ${all.size} languages, all used and complete.`,
  );
}

function extract() {
  const english = catalogues().get(ENGLISH)!;
  const known = new Set([...english.values()].flatMap((messages) => Object.keys(messages)));
  let added = 0;
  for (const [key] of usedKeys([...english.keys()])) {
    if (known.has(key)) continue;
    const namespace = key.split(".", 1)[0]!;
    english.get(namespace)![key] = key;
    added += 1;
  }
  for (const [namespace, messages] of english)
    writeFileSync(
      path.join(LOCALES_DIR, ENGLISH, `${namespace}.json`),
      `${JSON.stringify(messages, null, 2)}\n`,
    );
  console.log(`Added ${added} keys to the English catalogues; translate them in every language.`);
}

if (process.argv.includes("--extract")) extract();
else check();
