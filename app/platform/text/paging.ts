import { z } from "zod";

/** Pages of staff tables: the page number lives in the URL, the size here. */
export const PAGE_SIZE = 25;
/** Past this, a page number is a typo or a probe, not a page. */
export const PAGE_MAX = 10_000;

export const PageNumberSchema = z.coerce.number().int().min(1).max(PAGE_MAX).catch(1);

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function pageOffset(page: number, pageSize = PAGE_SIZE) {
  return (page - 1) * pageSize;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
