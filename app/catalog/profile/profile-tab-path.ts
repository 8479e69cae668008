/** The query parameter naming a profile's open tab: a reload or a shared link keeps the tab. */
export const PROFILE_TAB_PARAM = "tab";

export type ProfileTab = "uploads" | "saved" | "downloads" | "orders";

/** One's own profile opened on a tab (e.g. the buyer's orders), whatever tab it would open on. */
export function ownProfileTabPath(tab: ProfileTab) {
  return `/profile?${PROFILE_TAB_PARAM}=${tab}`;
}
