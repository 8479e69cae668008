import { publishEvent } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { profileRenamed } from "../events.server";
import {
  AvatarError,
  type AvatarRefusal,
  processAvatar,
  removeOldAvatar,
  storeAvatar,
} from "./avatar.server";
import { findProfile, isUniqueViolation, isUsernameTaken, updateProfile } from "./profiles.server";

/**
 * Why an edit is refused: no such profile, someone else has the name, the picture is not an image
 * or too large, or storing failed (`avatar_not_stored`, `not_stored`).
 */
export type ProfileEditRefusal =
  | "not_found"
  | "username_taken"
  | AvatarRefusal
  | "avatar_not_stored"
  | "not_stored";

/**
 * Applies a profile edit. `userId` must come from the session, never from the request, so nobody can
 * change another person's profile; `username` is already checked against `UsernameSchema`; the
 * caller applies the avatar rate limit. Nothing is stored unless all checks pass.
 */
export async function editProfile(input: {
  userId: string;
  username: string;
  avatar: File | null;
}): Promise<Result<null, ProfileEditRefusal>> {
  const { userId, username } = input;
  const profile = await findProfile(userId);
  if (!profile) return fail("not_found");
  if (username !== profile.username && (await isUsernameTaken(username, userId))) {
    return fail("username_taken");
  }

  let avatarUrl: string | undefined;
  if (input.avatar && input.avatar.size > 0) {
    try {
      const webp = await processAvatar(new Uint8Array(await input.avatar.arrayBuffer()));
      avatarUrl = await storeAvatar(userId, webp);
    } catch (error) {
      if (error instanceof AvatarError) return fail(error.reason);
      logger.error({ err: error }, "avatar upload failed");
      return fail("avatar_not_stored");
    }
  }

  try {
    await updateProfile(userId, { username, ...(avatarUrl ? { avatarUrl } : {}) });
  } catch (error) {
    if (avatarUrl) await removeOldAvatar(userId, avatarUrl);
    if (isUniqueViolation(error)) return fail("username_taken");
    logger.error({ err: error }, "profile update failed");
    return fail("not_stored");
  }
  if (avatarUrl) await removeOldAvatar(userId, profile.avatarUrl);
  if (username !== profile.username) {
    // The rename is saved; a failure to queue the search update must not turn it into an error.
    await publishEvent(profileRenamed, { userId }).catch((error) =>
      logger.error({ err: error }, "rename event failed"),
    );
  }
  return ok(null);
}
