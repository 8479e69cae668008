import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

function extract(pdf: ArrayBuffer | Uint8Array, args: string[]) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "verdeo-pdf-")), "doc.pdf");
  writeFileSync(file, pdf instanceof Uint8Array ? pdf : Buffer.from(pdf));
  return execFileSync("pdftotext", [...args, file, "-"], { encoding: "utf8" });
}

/** A PDF's text as poppler extracts it, on one line, without the bidi marks it puts around right-to-left text. */
export const pdfText = (pdf: ArrayBuffer | Uint8Array) =>
  extract(pdf, [])
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ");

/** A PDF's text laid out as on the page (columns kept on their lines), for tables. */
export const pdfLayoutText = (pdf: ArrayBuffer | Uint8Array) => extract(pdf, ["-layout"]);

/** A PDF's words with where each starts on its page (poppler's -bbox), for checking visual order. */
export function pdfWords(pdf: ArrayBuffer | Uint8Array) {
  const words: { text: string; x: number; top: number; bottom: number }[] = [];
  for (const match of extract(pdf, ["-bbox"]).matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    const text = match[4]!.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").replace(/&amp;/g, "&");
    words.push({ text, x: Number(match[1]), top: Number(match[2]), bottom: Number(match[3]) });
  }
  return words;
}
