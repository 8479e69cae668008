import { data } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { THEMES } from "~/accounts/people/roles";
import { saveThemePreference } from "~/accounts/profiles/profile-theme.server";
import { themeCookie } from "~/accounts/profiles/theme";
import { parseForm, replyWith } from "~/platform/http/forms.server";
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
