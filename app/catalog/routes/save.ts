import { data } from "react-router";
import { getOptionalUser } from "~/accounts/session.server";
import { readForm } from "~/platform/forms.server";
import { logger } from "~/platform/logger.server";
import { clipPath, loginToReturn, parseClipId } from "../clip-id";
import { setClipSaved } from "../saved.server";
import type { Route } from "./+types/save";

/**
 * POST /resources/save with clipId and intent (save | unsave). Answers JSON { saved }; 401 with
 * the log-in address when nobody is signed in, 404 for an unknown clip.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const clipId = parseClipId(String(form.get("clipId") ?? ""));
  const intent = form.get("intent");
  if (!clipId || (intent !== "save" && intent !== "unsave")) {
    return data({ error: "Invalid request" }, { status: 400 });
  }
  const user = await getOptionalUser(request);
  if (!user)
    return data({ error: "Log in to save videos", login: loginToReturn(clipPath(clipId)) }, { status: 401 });
  try {
    const result = await setClipSaved({ userId: user.id, clipId, saved: intent === "save" });
    if (!result.ok) return data({ error: "Not found" }, { status: 404 });
    return result.value;
  } catch (error) {
    logger.error({ err: error, clipId }, "saving a clip failed");
    return data({ error: "Could not save" }, { status: 500 });
  }
}
