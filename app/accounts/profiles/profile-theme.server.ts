import { eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import type { Theme } from "../people/roles";
import { profiles } from "../schema.server";

export async function saveThemePreference(userId: string, theme: Theme) {
  await db().update(profiles).set({ themePreference: theme }).where(eq(profiles.id, userId));
}
