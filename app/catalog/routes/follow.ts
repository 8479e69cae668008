import { data, redirect, replace } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { formReply } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { loginToReturn } from "../clips/clip-id";
import { FOLLOW_MESSAGES, profilePath } from "../collections/follow-texts";
import { setFollowing } from "../collections/follows.server";
import type { Route } from "./+types/follow";

const FollowSchema = z.object({
  /** Profile ids are better-auth's: letters, digits, - and _. */
  creatorId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  intent: z.enum(["follow", "unfollow"]),
  /** Sent by the plain form (no JavaScript): go back to the profile page. */
  back: z.literal("1").optional(),
});

/**
 * POST /resources/follow with creatorId and intent (follow | unfollow). Answers JSON { following,
 * followers }, or with `back` (the plain form) returns to the profile; 401 with the log-in address
 * when nobody is signed in, 404 when the id is not a creator's, 400 for following oneself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, FollowSchema);
  if (!parsed.ok) return replyWith(formReply(FOLLOW_MESSAGES.invalid));
  const { creatorId, intent, back } = parsed.data;
  const user = await getOptionalUser(request, context);
  if (!user) {
    if (back) return redirect(loginToReturn(profilePath(creatorId)));
    return data(
      { ...formReply(FOLLOW_MESSAGES.logIn), login: loginToReturn(profilePath(creatorId)) },
      { status: 401 },
    );
  }
  if (!(await enforceRateLimit("follow", { user: user.id })).allowed)
    return replyWith(formReply(FOLLOW_MESSAGES.tooMany), 429);
  const result = await setFollowing({ followerId: user.id, creatorId, following: intent === "follow" });
  if (!result.ok)
    return result.reason === "self"
      ? replyWith(formReply(FOLLOW_MESSAGES.self), 400)
      : replyWith(formReply(FOLLOW_MESSAGES.notFound), 404);
  return back ? replace(profilePath(creatorId)) : result.value;
}
