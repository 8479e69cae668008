import bidiFactory from "bidi-js";
import { type Family, familyOf, fontkitReverses } from "./scripts";

const bidi = bidiFactory();

/** A piece of a line to draw with one family, in the left-to-right order the pieces are drawn. */
export interface Chunk {
  family: Family;
  /** The text as PDFKit must receive it (see visualChunks). */
  text: string;
}

/**
 * A line cut into chunks in visual order. The Unicode Bidirectional Algorithm (bidi-js: levels,
 * reordering, mirrored brackets) puts every character where it is seen. Documents are laid out
 * left to right, so a line's base direction is left to right: an Arabic or Hebrew name or address
 * is a right-to-left run inside it ("דוד כהן, Tel Aviv" keeps ", Tel Aviv" on the right).
 *
 * fontkit then shapes each chunk, and reverses by itself any string whose script is Arabic or Hebrew.
 * Such a chunk is therefore handed over in logical order (the reverse of its visual order), which is
 * also the order Arabic joining needs; every other chunk is handed over in visual order. A reversed
 * chunk is cut at spaces, because PDFKit lays out each space-separated word on its own and would put
 * the words back in logical order.
 */
export function visualChunks(line: string, direction: "ltr" | "rtl" = "ltr"): Chunk[] {
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const order = Array.from({ length: line.length }, (_, index) => index);
  for (const [start, end] of bidi.getReorderSegments(line, embedding)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }

  // Runs of one level and one family, in visual order. Characters without a family of their own
  // take that of the character before them in logical order, as in the source text.
  const families = logicalFamilies(line);
  const runs: { family: Family; level: number; chars: string[] }[] = [];
  for (const index of order) {
    const char = mirrored.get(index) ?? line[index]!;
    const family = families[index]!;
    const level = embedding.levels[index]!;
    const last = runs.at(-1);
    if (last && last.family === family && last.level === level) last.chars.push(char);
    else runs.push({ family, level, chars: [char] });
  }

  return runs.flatMap(({ family, chars }) => {
    const visual = chars.join("");
    if (!fontkitReverses(visual)) return [{ family, text: visual }];
    return visual
      .split(/(\s+)/)
      .filter(Boolean)
      .map((piece) => ({ family, text: [...piece].reverse().join("") }));
  });
}

/** Each UTF-16 unit's family (a surrogate pair's two units share their character's). */
function logicalFamilies(line: string): Family[] {
  const families: Family[] = [];
  let previous: Family | null = null;
  for (const char of line) {
    const family: Family = familyOf(char) ?? previous ?? "latin";
    previous = family;
    for (let unit = 0; unit < char.length; unit++) families.push(family);
  }
  return families;
}
