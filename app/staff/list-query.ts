import { z } from "zod";
import { PageNumberSchema } from "~/platform/text/paging";

/** The longest free-text search a staff list takes. */
export const LIST_SEARCH_MAX = 100;

/** A staff list's search box: trimmed and bounded; anything else means no search. */
export const ListSearchSchema = z.string().trim().max(LIST_SEARCH_MAX).optional().catch(undefined);

/** A staff list's select filter: one of `values`, or no filter when missing or unknown. */
export function listFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}

/**
 * The query string of a staff list: its own filters, a sort among `sorts` (`defaultSort` when
 * missing or unknown) and the page. The URL is the visitor's to edit, so bad values fall back to the
 * defaults instead of failing the page.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  filters: F,
  sorting: { sorts: S; defaultSort: S[number] },
) {
  return z.object({
    ...filters,
    sort: z.enum(sorting.sorts).catch(sorting.defaultSort as never),
    page: PageNumberSchema,
  });
}

/** The request's query string as the list's schema reads it. */
export function searchParamsOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
