import { data } from "react-router";
import { z } from "zod";
import { saveThemePreference } from "~/accounts/profile-theme.server";
import { THEMES } from "~/accounts/roles";
import { getOptionalUser } from "~/accounts/session.server";
import { themeCookie } from "~/accounts/theme";
import { parseForm, replyWith } from "~/platform/forms.server";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/theme";

const ThemeFormSchema = z.object({ theme: z.enum(THEMES) });

/** Stores the theme in the cookie mirror and, for a signed-in user, on the profile. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, ThemeFormSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const { theme } = parsed.data;
  const user = await getOptionalUser(request);
  if (user) {
    // Failures to save the preference are only logged.
    await saveThemePreference(user.id, theme).catch((error) =>
      logger.error({ err: error }, "theme save failed"),
    );
  }
  return data({ ok: true }, { headers: { "Set-Cookie": themeCookie(theme) } });
}
