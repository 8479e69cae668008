import { data, redirect } from "react-router";
import { getOptionalUser, type SessionUser } from "../auth/session.server";
import { can, isHiddenPermission, type Permission } from "../people/permissions";

/**
 * The signed-in user if their role grants `permission`. Otherwise: staff permissions answer the
 * ordinary 404 (the console does not reveal it exists, signed in or not); others send visitors to
 * /login (and back) and answer 403 to signed-in users without the right.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user && can(user.role, permission)) return user;
  if (isHiddenPermission(permission)) throw data(null, { status: 404, statusText: "Not Found" });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  throw data(null, { status: 403, statusText: "Forbidden" });
}
