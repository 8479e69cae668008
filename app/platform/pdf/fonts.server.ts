import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The fonts every PDF embeds (subset to the glyphs used): Noto Sans for Latin, Greek and Cyrillic,
 * Noto Sans Arabic, and Noto Sans JP for Japanese kana and CJK ideographs. PDFKit's built-in
 * Helvetica prints only Latin-1, so a buyer named Γιώργος or 山田 came out as garbage. PDFKit has
 * no font fallback of its own: `writeText` splits a string into runs by script and gives each run
 * the family that has its glyphs.
 */

export type FontWeight = "regular" | "bold";
type Family = "latin" | "arabic" | "cjk";

const require = createRequire(import.meta.url);
const FILES: Record<Family, Record<FontWeight, string>> = {
  latin: {
    regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  },
  arabic: {
    regular: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
  },
  cjk: {
    regular: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
  },
};

// Read once per process: the JP fonts are 5 MB each, and every certificate would read them again.
const loaded = new Map<string, Buffer>();
function fontData(family: Family, weight: FontWeight): Buffer {
  const key = `${family}-${weight}`;
  let data = loaded.get(key);
  if (!data) {
    data = readFileSync(require.resolve(FILES[family][weight]));
    loaded.set(key, data);
  }
  return data;
}

const fontName = (family: Family, weight: FontWeight) => `noto-${family}-${weight}`;

/** Registers the families on a document; call once per document before writing text. */
export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const family of Object.keys(FILES) as Family[]) {
    for (const weight of ["regular", "bold"] as const) {
      doc.registerFont(fontName(family, weight), fontData(family, weight));
    }
  }
  doc.font(fontName("latin", "regular"));
}

/** Selects the Latin family (most labels and figures) at a weight. */
export function setFont(doc: PDFKit.PDFDocument, weight: FontWeight = "regular") {
  return doc.font(fontName("latin", weight));
}

function familyOf(codePoint: number): Family | null {
  if (
    (codePoint >= 0x0600 && codePoint <= 0x06ff) ||
    (codePoint >= 0x0750 && codePoint <= 0x077f) ||
    (codePoint >= 0x08a0 && codePoint <= 0x08ff) ||
    (codePoint >= 0xfb50 && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff)
  ) {
    return "arabic";
  }
  if (
    (codePoint >= 0x2e80 && codePoint <= 0x9fff) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) ||
    (codePoint >= 0x20000 && codePoint <= 0x3ffff)
  ) {
    return "cjk";
  }
  // Spaces and punctuation belong to the run they stand in.
  if (
    codePoint <= 0x40 ||
    (codePoint >= 0x5b && codePoint <= 0x60) ||
    (codePoint >= 0x7b && codePoint <= 0x7f)
  ) {
    return null;
  }
  return "latin";
}

/** A string cut into runs that one family can print. */
export function scriptRuns(text: string): { family: Family; text: string }[] {
  const runs: { family: Family; text: string }[] = [];
  for (const char of text) {
    const family = familyOf(char.codePointAt(0)!) ?? runs.at(-1)?.family ?? "latin";
    const last = runs.at(-1);
    if (last && last.family === family) last.text += char;
    else runs.push({ family, text: char });
  }
  return runs;
}

/**
 * Runs in the order PDFKit must draw them. PDFKit lays words out left to right and fontkit shapes
 * each word right to left, so an Arabic run needs its words in reverse order (a left-to-right line
 * with embedded Arabic: the common case of a name or a company on an invoice). Its spaces are
 * drawn apart: shaped with a word, a space would move to the word's other side.
 */
function drawingOrder(runs: { family: Family; text: string }[]) {
  return runs.flatMap((run) => {
    if (run.family !== "arabic") return [run];
    const lead = run.text.match(/^\s*/)![0];
    const trail = run.text.match(/\s*$/)![0];
    const words = run.text.trim().split(/\s+/).reverse();
    const pieces: { family: Family; text: string }[] = lead ? [{ family: "latin", text: lead }] : [];
    words.forEach((word, index) => {
      if (index > 0) pieces.push({ family: "latin", text: " " });
      pieces.push({ family: "arabic", text: word });
    });
    if (trail) pieces.push({ family: "latin", text: trail });
    return pieces;
  });
}

/**
 * Writes `text` like `doc.text`, switching families between script runs. The options (position,
 * width, alignment) apply to the whole line.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number; weight?: FontWeight } = {},
) {
  const { x, y, weight = "regular", ...rest } = options;
  const runs = drawingOrder(scriptRuns(text));
  if (runs.length === 0) runs.push({ family: "latin", text: "" });
  runs.forEach((run, index) => {
    doc.font(fontName(run.family, weight));
    const continued = index < runs.length - 1 || rest.continued === true;
    if (index === 0 && x !== undefined) doc.text(run.text, x, y, { ...rest, continued });
    else doc.text(run.text, { ...rest, continued });
  });
  return doc.font(fontName("latin", weight));
}
