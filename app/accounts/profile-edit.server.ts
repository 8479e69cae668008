import { publishEvent } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { AvatarError, processAvatar, removeOldAvatar, storeAvatar } from "./avatar.server";
import { profileRenamed } from "./events.server";
import { MESSAGES } from "./messages";
import { findProfile, isUniqueViolation, isUsernameTaken, updateProfile } from "./profiles.server";
import { UsernameSchema } from "./username-schema";

export type ProfileEditResult =
  | { ok: true; message: string }
  | { ok: false; message: string; status: number };

/**
 * Applies a profile edit of the signed-in user. The user id comes from the session only, never from
 * the request, so nobody can change another person's profile. Nothing is stored unless all checks pass.
 */
export async function editProfile(
  userId: string,
  input: { username: unknown; avatar: File | null },
): Promise<ProfileEditResult> {
  const profile = await findProfile(userId);
  if (!profile) return { ok: false, status: 404, message: MESSAGES.profileUpdateFailed };

  const parsed = UsernameSchema.safeParse(input.username ?? "");
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      message: parsed.error.issues[0]?.message ?? MESSAGES.editUsernameUnavailable,
    };
  const username = parsed.data;
  if (username !== profile.username && (await isUsernameTaken(username, userId))) {
    return { ok: false, status: 409, message: MESSAGES.editUsernameUnavailable };
  }

  let avatarUrl: string | undefined;
  if (input.avatar && input.avatar.size > 0) {
    if (!(await enforceRateLimit("avatar", { user: userId })).allowed) {
      return { ok: false, status: 429, message: MESSAGES.tooManyAttempts };
    }
    try {
      const webp = await processAvatar(new Uint8Array(await input.avatar.arrayBuffer()));
      avatarUrl = await storeAvatar(userId, webp);
    } catch (error) {
      if (error instanceof AvatarError) return { ok: false, status: 400, message: error.message };
      logger.error({ err: error }, "avatar upload failed");
      return { ok: false, status: 500, message: MESSAGES.avatarUploadFailed };
    }
  }

  try {
    await updateProfile(userId, { username, ...(avatarUrl ? { avatarUrl } : {}) });
  } catch (error) {
    if (avatarUrl) await removeOldAvatar(userId, avatarUrl);
    if (isUniqueViolation(error))
      return { ok: false, status: 409, message: MESSAGES.editUsernameUnavailable };
    logger.error({ err: error }, "profile update failed");
    return { ok: false, status: 500, message: MESSAGES.profileUpdateFailed };
  }
  if (avatarUrl) await removeOldAvatar(userId, profile.avatarUrl);
  if (username !== profile.username) {
    // The rename is saved; a failure to queue the search update must not turn it into an error.
    await publishEvent(profileRenamed, { userId }).catch((error) =>
      logger.error({ err: error }, "rename event failed"),
    );
  }
  return { ok: true, message: MESSAGES.profileUpdated };
}
