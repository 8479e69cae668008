import type { SessionUser } from "~/accounts/auth/session.server";
import type { Role } from "~/accounts/people/roles";
import { findProfile } from "~/accounts/profiles/profiles.server";
import { DEFAULT_LOCALE, type PageLocale } from "~/platform/i18n/locales";
import { followStateOf } from "../collections/follows.server";
import { listSavedClips, listUploads } from "./profile-clips.queries.server";
import type { ProfileTabView } from "./profile-library";
import { profileLibrarySource } from "./profile-library-source.server";
import { OWNER_TABS, type ProfileTab, parseProfileTab } from "./profile-tab-path";

/**
 * What the profile screen shows to this viewer. Saved, Downloads and Orders are read only for the
 * owner: the decision is made here, on the server, whatever id the URL carries. Without an id a
 * visitor has no profile of their own to see ("sign_in"); an unknown id is "not_found".
 */
export async function getProfileView(
  viewer: SessionUser | null,
  userId: string | undefined,
  requestedTab: string | null = null,
  locale: PageLocale = DEFAULT_LOCALE,
) {
  const targetId = userId ?? viewer?.id;
  if (!targetId) return { ok: false as const, reason: "sign_in" as const };
  const profile = await findProfile(targetId);
  if (!profile) return { ok: false as const, reason: "not_found" as const };
  const owner = viewer?.id === profile.id ? viewer : null;
  const isCreator = profile.role === "creator";
  const [follow, open] = await Promise.all([
    isCreator ? followStateOf(profile.id, viewer?.id ?? null) : Promise.resolve(null),
    openTab(profile, owner, parseProfileTab(requestedTab), locale),
  ]);
  const value = {
    profile: {
      id: profile.id,
      username: profile.username,
      fullName: profile.fullName,
      avatarUrl: profile.avatarUrl,
      role: profile.role,
    },
    isOwner: owner !== null,
    /** A creator's followers, and whether this viewer follows them (null for other members). */
    follow,
    // Only the owner learns whether (and where) their address still waits for confirmation.
    unconfirmedEmail: owner && !owner.emailVerified ? owner.email : null,
    ...open,
  };
  return { ok: true as const, value };
}

const NOTHING_OPEN = { uploads: [], saved: null, downloadsTab: null, ordersTab: null };

/**
 * The tab the URL names when this viewer may see it; else a creator's (or someone else's) uploads,
 * and for a buyer what they came for: their downloads, or their orders while those are all they have.
 */
async function openTab(
  profile: { id: string; role: Role },
  owner: SessionUser | null,
  requested: ProfileTab | null,
  locale: PageLocale,
): Promise<ProfileTabView> {
  const allowed = requested === "uploads" || (owner !== null && requested && OWNER_TABS.includes(requested));
  const tab = allowed && requested ? requested : !owner || profile.role === "creator" ? "uploads" : null;
  if (tab === "uploads") {
    const uploads = profile.role === "creator" ? await listUploads(profile.id) : [];
    return { ...NOTHING_OPEN, tab, uploads };
  }
  if (!owner) throw new Error("Only the owner's tabs are left");
  if (tab === "saved") return { ...NOTHING_OPEN, tab, saved: await listSavedClips(profile.id) };
  const library = profileLibrarySource();
  if (tab === "orders") return { ...NOTHING_OPEN, tab, ordersTab: await library.orders(owner, locale) };
  const downloadsTab = await library.downloads(owner, locale);
  if (tab === "downloads" || downloadsTab.downloads.length > 0)
    return { ...NOTHING_OPEN, tab: "downloads", downloadsTab };
  // No tab named and nothing downloaded: the orders decide (a buyer still paying sees their order).
  const ordersTab = await library.orders(owner, locale);
  const onlyOrders = ordersTab.plans.length === 0 && ordersTab.orders.length > 0;
  return onlyOrders
    ? { ...NOTHING_OPEN, tab: "orders", ordersTab }
    : { ...NOTHING_OPEN, tab: "downloads", downloadsTab };
}
