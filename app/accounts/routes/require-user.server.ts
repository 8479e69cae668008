import { redirect } from "react-router";
import { getOptionalUser, type SessionUser } from "../auth/session.server";

/** The signed-in user, or a redirect to /login. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/login");
  return user;
}
