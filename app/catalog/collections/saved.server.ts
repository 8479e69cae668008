import { fail, ok, type Result } from "~/platform/result";
import { findClip } from "../clips/catalog.server";
import { deleteSavedClip, insertSavedClip } from "./saved.queries.server";

export { isSaved } from "./saved.queries.server";

/** Saves a published clip for a user, or takes it off their list. Either is idempotent. */
export async function setClipSaved(input: {
  userId: string;
  clipId: number;
  saved: boolean;
}): Promise<Result<{ saved: boolean }, "clip_not_found">> {
  if (!(await findClip(input.clipId))) return fail("clip_not_found");
  if (input.saved) await insertSavedClip(input.userId, input.clipId);
  else await deleteSavedClip(input.userId, input.clipId);
  return ok({ saved: input.saved });
}
