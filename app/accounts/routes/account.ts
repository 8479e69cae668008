import { redirect } from "react-router";
import { getOptionalUser } from "../auth/session.server";
import type { Route } from "./+types/account";

/** /account (linked from /welcome) leads to the profile, or to /login when logged out. */
export async function loader({ request }: Route.LoaderArgs) {
  return redirect((await getOptionalUser(request)) ? "/profile" : "/login");
}
