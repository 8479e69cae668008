import type { SessionUser } from "~/accounts/auth/session.server";
import { findProfile } from "~/accounts/profiles/profiles.server";
import { followStateOf } from "../collections/follows.server";
import { listSavedClips, listUploads } from "./profile-clips.queries.server";

/**
 * What the profile screen shows to this viewer. Saved (and Downloads) are read only for the owner:
 * the decision is made here, on the server, whatever id the URL carries. Without an id a visitor
 * has no profile of their own to see ("sign_in"); an unknown id is "not_found".
 */
export async function getProfileView(viewer: SessionUser | null, userId: string | undefined) {
  const targetId = userId ?? viewer?.id;
  if (!targetId) return { ok: false as const, reason: "sign_in" as const };
  const profile = await findProfile(targetId);
  if (!profile) return { ok: false as const, reason: "not_found" as const };
  const isOwner = viewer?.id === profile.id;
  const isCreator = profile.role === "creator";
  const [uploads, saved, follow] = await Promise.all([
    isCreator ? listUploads(profile.id) : Promise.resolve([]),
    isOwner ? listSavedClips(profile.id) : Promise.resolve(null),
    isCreator ? followStateOf(profile.id, viewer?.id ?? null) : Promise.resolve(null),
  ]);
  const value = {
    profile: {
      id: profile.id,
      username: profile.username,
      fullName: profile.fullName,
      avatarUrl: profile.avatarUrl,
      role: profile.role,
    },
    isOwner,
    /** A creator's followers, and whether this viewer follows them (null for other members). */
    follow,
    // Only the owner learns whether (and where) their address still waits for confirmation.
    unconfirmedEmail: isOwner && viewer && !viewer.emailVerified ? viewer.email : null,
    uploads,
    saved,
    // Downloads and orders are licensing's: the tabs load them by URL (profile-library.tsx).
  };
  return { ok: true as const, value };
}
