import { redirect } from "react-router";
import { localizedPath, splitLocalePath } from "~/platform/i18n/locales";
import { getOptionalUser, type SessionUser } from "../auth/session.server";

/** The sign-in page in the language of the page that asked for it (`/de/profile` → `/de/login`). */
export function signInPath(request: Request): string {
  return localizedPath(splitLocalePath(new URL(request.url).pathname).locale, "/login");
}

/** The signed-in user, or a redirect to the sign-in page in the page's language. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(signInPath(request));
  return user;
}
