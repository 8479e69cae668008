import { config } from "~/platform/config.server";
import { DEFAULT_LOCALE, type Locale } from "~/platform/i18n/locales";
import { logger } from "~/platform/logger.server";
import { removeOldAvatar } from "../profiles/avatar.server";
import { createOAuthProfile, findProfile } from "../profiles/profiles.server";
import { importProviderAvatar } from "../profiles/provider-avatar.server";
import { findAuthUser } from "./credential.queries.server";
import { takeOAuthMetadata } from "./oauth-metadata.queries.server";
import { avatarUrlFrom, fullNameFrom, usernameCandidateFrom } from "./oauth-profile";
import type { SessionUser } from "./session.server";

/**
 * The auth callback: with a session and a user, make sure a profile exists, built
 * from the provider's data (full_name, avatar_url, a unique username that passes the rules). The
 * provider's picture is copied into our storage; the profile's avatar_url points at that copy.
 * Returns false for every error case the spec lists.
 */
export async function completeOAuthSignIn(
  sessionUser: SessionUser | null,
  language: Locale = DEFAULT_LOCALE,
): Promise<boolean> {
  if (!sessionUser) return false;
  if (sessionUser.hasProfile) return true;
  try {
    const authUser = await findAuthUser(sessionUser.id);
    if (!authUser) return false;
    const metadata = (await takeOAuthMetadata(authUser.email)) ?? {
      name: authUser.name,
      picture: authUser.image,
    };
    const remoteAvatar = avatarUrlFrom(metadata);
    const avatarUrl = remoteAvatar
      ? await importProviderAvatar(authUser.id, remoteAvatar, { allowHttp: Boolean(config().OAUTH_MOCK_URL) })
      : null;
    const profile = await createOAuthProfile({
      id: authUser.id,
      email: authUser.email,
      fullName: fullNameFrom(metadata),
      usernameCandidate: usernameCandidateFrom(metadata, authUser.email),
      avatarUrl,
      language,
    });
    // A concurrent callback created the profile first: the picture imported here is nobody's.
    if (avatarUrl && profile.avatarUrl !== avatarUrl) await removeOldAvatar(authUser.id, avatarUrl);
    return (await findProfile(authUser.id)) !== null;
  } catch (error) {
    logger.error({ err: error }, "profile creation after social sign-in failed");
    return false;
  }
}
