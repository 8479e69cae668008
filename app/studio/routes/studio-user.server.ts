import { redirect } from "react-router";
import { getOptionalUser, type SessionUser } from "~/accounts/auth/session.server";
import { can } from "~/accounts/people/permissions";

/** The studio is for creators (and staff); visitors sign in first, anyone else learns how to become one. */
export async function requireStudioUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!can(user.role, "studio:use")) throw redirect("/creators-hub");
  return user;
}
