import { handleAuthRequest } from "../auth/auth-guard.server";
import type { Route } from "./+types/api-auth";

/**
 * The auth library's own endpoints (OAuth callbacks, session, password reset), each behind the same
 * rate limits as the app's forms. Express checks Origin.
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  handleAuthRequest(request, context.clientIp);
export const action = ({ request, context }: Route.ActionArgs) =>
  handleAuthRequest(request, context.clientIp);
