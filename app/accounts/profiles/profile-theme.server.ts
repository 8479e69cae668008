import type { Theme } from "../people/roles";
import { saveThemePreference as storeThemePreference } from "./profiles.queries.server";

/** Remembers a signed-in user's theme on their profile (the cookie holds it for the browser). */
export async function saveThemePreference(userId: string, theme: Theme) {
  await storeThemePreference(userId, theme);
}
