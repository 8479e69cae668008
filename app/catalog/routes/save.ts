import { data } from "react-router";
import { getOptionalUser } from "~/accounts/session.server";
import { readForm } from "~/platform/forms.server";
import { logger } from "~/platform/logger.server";
import { findClip } from "../catalog.server";
import { clipPath, loginToReturn, parseClipId } from "../clip-id";
import { savePost, unsavePost } from "../saved.server";
import type { Route } from "./+types/save";

/**
 * POST /resources/save with postId and intent (save | unsave). Answers JSON { saved }; 401 with
 * the log-in address when nobody is signed in, 404 for an unknown clip.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const postId = parseClipId(String(form.get("postId") ?? ""));
  const intent = form.get("intent");
  if (!postId || (intent !== "save" && intent !== "unsave")) {
    return data({ error: "Invalid request" }, { status: 400 });
  }
  const user = await getOptionalUser(request);
  if (!user)
    return data({ error: "Log in to save videos", login: loginToReturn(clipPath(postId)) }, { status: 401 });
  if (!(await findClip(postId))) return data({ error: "Not found" }, { status: 404 });
  try {
    if (intent === "save") await savePost(user.id, postId);
    else await unsavePost(user.id, postId);
  } catch (error) {
    logger.error({ err: error, postId }, "saving a clip failed");
    return data({ error: "Could not save" }, { status: 500 });
  }
  return { saved: intent === "save" };
}
