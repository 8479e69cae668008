import { auth } from "../auth.server";
import type { Route } from "./+types/api-auth";

/** better-auth's own endpoints (OAuth callbacks, session, password reset). Express checks Origin. */
export const loader = ({ request }: Route.LoaderArgs) => auth().handler(request);
export const action = ({ request }: Route.ActionArgs) => auth().handler(request);
