/** The query parameter naming a profile's open tab: a reload or a shared link keeps the tab. */
export const PROFILE_TAB_PARAM = "tab";

export const PROFILE_TABS = ["uploads", "saved", "downloads", "orders"] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tabs only the profile's owner has: anyone else asking for one gets Uploads. */
export const OWNER_TABS: readonly ProfileTab[] = ["saved", "downloads", "orders"];

/** The tab a `?tab=` value names, or null for anything else (absent, misspelt, hostile). */
export function parseProfileTab(value: string | null): ProfileTab | null {
  return PROFILE_TABS.find((tab) => tab === value) ?? null;
}

/** One's own profile opened on a tab (e.g. the buyer's orders), whatever tab it would open on. */
export function ownProfileTabPath(tab: ProfileTab) {
  return `/profile?${PROFILE_TAB_PARAM}=${tab}`;
}
