import { redirect } from "react-router";
import { endSession } from "../auth/session.server";
import type { Route } from "./+types/logout";

/** Ends the session on the server (the row is deleted) and clears the cookie, then goes home. */
export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: await endSession(request) });
}

export const loader = () => redirect("/");
