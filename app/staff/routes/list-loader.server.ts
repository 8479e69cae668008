import type { z } from "zod";
import type { Permission } from "~/accounts/people/permissions";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { searchParamsOf } from "../list-query";

/**
 * The loader of a plain staff list: the permission, the query string read by the list's schema
 * (`listQuerySchema`), and the service that returns the page.
 */
export function staffListLoader<S extends z.ZodType, P>(
  permission: Permission,
  schema: S,
  list: (filter: z.output<S>) => Promise<P>,
) {
  return async ({ request }: { request: Request }) => {
    await requirePermission(request, permission);
    const filter = schema.parse(searchParamsOf(request));
    return { page: await list(filter), filter };
  };
}
