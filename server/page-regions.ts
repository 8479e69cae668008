/**
 * Finding and joining the personal regions of a page (docs/decisions/0029). A region is the element
 * `<div data-personal="NAME" …>…</div>` that app/platform/http/personal-regions.tsx renders; React
 * escapes `<` in text and attribute values, so counting `<div` and `</div>` from its start finds its
 * end without an HTML parser.
 */

const REGION_START = '<div data-personal="';
const DIV_OPEN = /<div[\s>]/g;
const DIV_CLOSE = "</div>";

/** A page cut at its regions: `pieces[i]`, region `names[i]`, `pieces[i + 1]`, … */
export interface PageTemplate {
  pieces: Buffer[];
  names: string[];
}

/** Each region of `html` as [name, start, end] (the whole element), in order; null if one does not close. */
export function findRegions(html: string): Array<[string, number, number]> | null {
  const regions: Array<[string, number, number]> = [];
  let from = 0;
  for (;;) {
    const start = html.indexOf(REGION_START, from);
    if (start < 0) return regions;
    const nameEnd = html.indexOf('"', start + REGION_START.length);
    const end = nameEnd < 0 ? -1 : elementEnd(html, start);
    if (end < 0) return null;
    regions.push([html.slice(start + REGION_START.length, nameEnd), start, end]);
    from = end;
  }
}

/** Where the div starting at `start` ends (after its `</div>`), or -1. */
function elementEnd(html: string, start: number) {
  let depth = 0;
  let at = start;
  for (;;) {
    DIV_OPEN.lastIndex = at;
    const open = DIV_OPEN.exec(html);
    const close = html.indexOf(DIV_CLOSE, at);
    if (close < 0) return -1;
    if (open && open.index < close) {
      depth++;
      at = open.index + 4;
    } else {
      depth--;
      at = close + DIV_CLOSE.length;
      if (depth === 0) return at;
    }
  }
}

/** The cached page cut at its regions, or null when it has none (nothing to join) or is malformed. */
export function pageTemplate(html: string): PageTemplate | null {
  const regions = findRegions(html);
  if (!regions || regions.length === 0) return null;
  const names = regions.map(([name]) => name);
  if (new Set(names).size !== names.length) return null;
  const pieces: Buffer[] = [];
  let at = 0;
  for (const [, start, end] of regions) {
    pieces.push(Buffer.from(html.slice(at, start), "utf8"));
    at = end;
  }
  pieces.push(Buffer.from(html.slice(at), "utf8"));
  return { pieces, names };
}

/** A visitor's regions from their own render, by name; null when malformed or it could run a script. */
export function personalRegions(html: string): Map<string, Buffer> | null {
  const regions = findRegions(html);
  if (!regions) return null;
  const found = new Map<string, Buffer>();
  for (const [name, start, end] of regions) {
    const region = html.slice(start, end);
    // Only the JSON data block may be a script: the cached copy's CSP allows its own scripts by hash.
    if (/<script\b(?![^>]*type="application\/json")/i.test(region)) return null;
    found.set(name, Buffer.from(region, "utf8"));
  }
  return found;
}

/** The buffers of the joined page, in order; null when the visitor lacks one of the page's regions. */
export function joinPage(template: PageTemplate, regions: Map<string, Buffer>): Buffer[] | null {
  const parts: Buffer[] = [template.pieces[0]!];
  for (let i = 0; i < template.names.length; i++) {
    const region = regions.get(template.names[i]!);
    if (!region) return null;
    parts.push(region, template.pieces[i + 1]!);
  }
  return parts;
}
