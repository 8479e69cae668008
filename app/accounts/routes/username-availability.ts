import { data } from "react-router";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { logger } from "~/platform/logger.server";
import { getOptionalUser } from "../auth/session.server";
import { MESSAGES } from "../messages";
import { isUsernameTaken } from "../profiles/profiles.server";
import { usernameProblem } from "../profiles/username-schema";
import type { Route } from "./+types/username-availability";

export type UsernameStatus = "invalid" | "available" | "taken" | "error";

/**
 * GET ?username=… → { status, message }. Rate-limited per IP. A signed-in user's own name counts as
 * available (profile edit).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const username = (new URL(request.url).searchParams.get("username") ?? "").trim();
  const reply = (status: UsernameStatus, message: string, code = 200) =>
    data({ status, message }, { status: code, headers: { "Cache-Control": "no-store" } });
  const problem = usernameProblem(username);
  if (problem) return reply("invalid", problem);
  if (!(await enforceRateLimit("username_check", { ip: context.clientIp })).allowed) {
    return reply("error", MESSAGES.tooManyAttempts, 429);
  }
  try {
    const user = await getOptionalUser(request);
    const taken = await isUsernameTaken(username, user?.id);
    return taken ? reply("taken", MESSAGES.usernameTaken) : reply("available", MESSAGES.usernameAvailable);
  } catch (error) {
    logger.error({ err: error }, "username check failed");
    return reply("error", MESSAGES.usernameCheckFailed, 500);
  }
}
