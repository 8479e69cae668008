import { data, redirect, replace } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { formReply } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { logger } from "~/platform/logger.server";
import { clipPath, loginToReturn, parseClipId } from "../clips/clip-id";
import { isClipPagePath } from "../collections/collection-rules";
import { setClipSaved } from "../collections/saved.server";
import type { Route } from "./+types/save";

const SaveSchema = z.object({
  clipId: z.string().transform(parseClipId).pipe(z.number()),
  intent: z.enum(["save", "unsave"]),
  /** Sent by the plain form (no JavaScript): the clip page to go back to. */
  redirectTo: z.string().refine(isClipPagePath).optional(),
});

/**
 * POST /resources/save with clipId and intent (save | unsave). Answers JSON { saved }, or with
 * `redirectTo` (the plain form of a browser without JavaScript) goes back to that clip page; a
 * refusal is a FormReply: 401 (with the log-in address the button follows) when nobody is signed in,
 * 404 for an unknown clip.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, SaveSchema);
  if (!parsed.ok) return replyWith(formReply("Invalid request"));
  const { clipId, intent, redirectTo } = parsed.data;
  const user = await getOptionalUser(request);
  if (!user) {
    if (redirectTo) return redirect(loginToReturn(`${clipPath(clipId)}?save=1`));
    const refusal = formReply("Log in to save videos");
    return data({ ...refusal, login: loginToReturn(clipPath(clipId)) }, { status: 401 });
  }
  try {
    const result = await setClipSaved({ userId: user.id, clipId, saved: intent === "save" });
    if (!result.ok) return replyWith(formReply("Not found"), 404);
    return redirectTo ? replace(redirectTo) : result.value;
  } catch (error) {
    logger.error({ err: error, clipId }, "saving a clip failed");
    return replyWith(formReply("Could not save"), 500);
  }
}
