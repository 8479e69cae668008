import { eq } from "drizzle-orm";
import { db, schema } from "~/platform/db/client.server";
import type { Theme } from "./roles";

export async function saveThemePreference(userId: string, theme: Theme) {
  await db().update(schema.profiles).set({ themePreference: theme }).where(eq(schema.profiles.id, userId));
}
