import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";
import { visualChunks } from "./bidi";
import type { Family } from "./scripts";

/**
 * The Noto fonts PDFs print names and addresses with (decision 0031): Noto Sans for Latin, Greek
 * and Cyrillic, and one family per other script. PDFKit's built-in Helvetica prints only Latin-1.
 * PDFKit embeds a subset of each font (the glyphs a document uses), and a family is read and
 * registered only when a document first writes a character of its script, so a Latin-only
 * document never touches the 5 MB CJK files.
 */

export type FontWeight = "regular" | "bold";

const require = createRequire(import.meta.url);
const noto = (pkg: string, file: string) => ({
  regular: `@expo-google-fonts/${pkg}/400Regular/${file}_400Regular.ttf`,
  bold: `@expo-google-fonts/${pkg}/700Bold/${file}_700Bold.ttf`,
});
const FILES: Record<Family, Record<FontWeight, string>> = {
  latin: noto("noto-sans", "NotoSans"),
  arabic: noto("noto-sans-arabic", "NotoSansArabic"),
  hebrew: noto("noto-sans-hebrew", "NotoSansHebrew"),
  // Kana and the ideographs of Japanese names; simplified Chinese ones (张, 伟) are only in SC.
  cjk: noto("noto-sans-jp", "NotoSansJP"),
  chinese: noto("noto-sans-sc", "NotoSansSC"),
  korean: noto("noto-sans-kr", "NotoSansKR"),
  thai: noto("noto-sans-thai", "NotoSansThai"),
  devanagari: noto("noto-sans-devanagari", "NotoSansDevanagari"),
};

const fontName = (family: Family, weight: FontWeight) => `noto-${family}-${weight}`;

// Read once per process: the CJK and Korean fonts are 5 to 6 MB each.
const loaded = new Map<string, Buffer>();
function fontData(family: Family, weight: FontWeight): Buffer {
  const key = fontName(family, weight);
  let data = loaded.get(key);
  if (!data) {
    data = readFileSync(require.resolve(FILES[family][weight]));
    loaded.set(key, data);
  }
  return data;
}

let japanese: Font | undefined;
/**
 * The family for a run of ideographs and kana: Noto Sans JP when it has every character (Japanese
 * is an interface language, and its glyph shapes differ from Chinese ones), else Noto Sans SC.
 */
function eastAsianFamily(text: string): Family {
  japanese ??= create(fontData("cjk", "regular")) as Font;
  const covered = [...text].every(
    (char) => /\s/.test(char) || japanese!.hasGlyphForCodePoint(char.codePointAt(0)!),
  );
  return covered ? "cjk" : "chinese";
}

let latinAscentShare: number | undefined;
/**
 * Where the Latin font puts a line's baseline, below its top. Each script's font has its own
 * ascent, and PDFKit hangs text from it, so every piece of a line is set on the Latin baseline
 * instead; else an Arabic or Devanagari name would sit lower or higher than the words beside it.
 * Measured while the Latin font is selected: its line height is its ascent minus its descent.
 */
function latinBaseline(doc: PDFKit.PDFDocument) {
  if (latinAscentShare === undefined) {
    const latin = create(fontData("latin", "regular")) as Font;
    latinAscentShare = latin.ascent / (latin.ascent - latin.descent);
  }
  return doc.currentLineHeight() * latinAscentShare;
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Selects a family at a weight, registering it on the document the first time. */
function selectFont(doc: PDFKit.PDFDocument, family: Family, weight: FontWeight) {
  const name = fontName(family, weight);
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, fontData(family, weight));
    names.add(name);
  }
  return doc.font(name);
}

/** Sets a new document's default font (Noto Sans); call before writing text. */
export function registerFonts(doc: PDFKit.PDFDocument) {
  selectFont(doc, "latin", "regular");
}

/** Selects the Latin family (most labels and figures) at a weight. */
export function setFont(doc: PDFKit.PDFDocument, weight: FontWeight = "regular") {
  return selectFont(doc, "latin", weight);
}

/**
 * Writes `text` like `doc.text`, each line in visual order (bidi.ts) and each piece in the family
 * that has its glyphs. The options (position, width, alignment) apply to the whole text.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number; weight?: FontWeight } = {},
) {
  const { x, y, weight = "regular", ...rest } = options;
  // PDFKit reads a numeric baseline as the distance above the line's top, hence the minus.
  const baseline = rest.baseline ?? -latinBaseline(selectFont(doc, "latin", weight));
  const lines = text.split(/\r?\n/);
  lines.forEach((line, lineIndex) => {
    const chunks = visualChunks(line);
    if (chunks.length === 0) chunks.push({ family: "latin", text: "" });
    chunks.forEach((chunk, index) => {
      selectFont(doc, chunk.family === "cjk" ? eastAsianFamily(chunk.text) : chunk.family, weight);
      const lastOfLine = index === chunks.length - 1;
      const continued = !lastOfLine || (lineIndex === lines.length - 1 && rest.continued === true);
      // Devanagari glyphs are drawn in another order than the letters are read (ि before its
      // consonant): the span's ActualText gives copy and search the letters in reading order.
      const reordered = chunk.family === "devanagari";
      if (reordered) doc.markContent("Span", { actual: chunk.text });
      if (lineIndex === 0 && index === 0 && x !== undefined)
        doc.text(chunk.text, x, y, { ...rest, baseline, continued });
      else doc.text(chunk.text, { ...rest, baseline, continued });
      if (reordered) doc.endMarkedContent();
    });
  });
  return selectFont(doc, "latin", weight);
}
