import { withClipMedia } from "../clips/clip-media.server";
import {
  clipSitemapPart,
  clipSitemapRange,
  clipUrlXml,
  SITEMAP_PAGE_ROWS,
  URLSET_CLOSE,
  URLSET_OPEN,
  XML_HEAD,
} from "./sitemap";
import { findNextPublishedId, listSitemapClips } from "./sitemap.queries.server";

/** The clip files that have at least one published clip, found by skipping from range to range. */
export async function listClipSitemapParts(): Promise<number[]> {
  const parts: number[] = [];
  let after = -1;
  for (;;) {
    const id = await findNextPublishedId(after);
    if (id === undefined) return parts;
    const part = clipSitemapPart(id);
    parts.push(part);
    after = clipSitemapRange(part).last;
  }
}

/**
 * One clip file as a stream: its id range read a page at a time, each page written as soon as it
 * is read, so a full file costs the memory of one page. Undefined when the range has no published
 * clip (a 404, as for a file that never existed).
 */
export async function streamClipSitemap(origin: string, part: number) {
  const range = clipSitemapRange(part);
  const first = await listSitemapClips(range, range.first - 1, SITEMAP_PAGE_ROWS);
  if (first.length === 0) return undefined;
  const encoder = new TextEncoder();
  let page = first;
  let opened = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!opened) {
        opened = true;
        controller.enqueue(encoder.encode(XML_HEAD + URLSET_OPEN));
      }
      if (page.length === 0) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      controller.enqueue(
        encoder.encode(page.map((clip) => clipUrlXml(origin, withClipMedia(clip))).join("")),
      );
      page =
        page.length < SITEMAP_PAGE_ROWS
          ? []
          : await listSitemapClips(range, page[page.length - 1]!.id, SITEMAP_PAGE_ROWS);
    },
  });
}
