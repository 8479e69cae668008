import { redirect } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { saveLanguage } from "~/accounts/profiles/profile-language.server";
import { config } from "~/platform/config.server";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { LOCALES, localizedPath, splitLocalePath } from "~/platform/i18n/locales";
import { languageCookie } from "~/platform/i18n/negotiate";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/language";
import { ReturnToSchema } from "./return-to";

const LanguageFormSchema = z.object({
  locale: z.enum(LOCALES, { error: "Please choose one of the languages listed." }),
  returnTo: ReturnToSchema.optional(),
});

/**
 * The language switcher: keeps the choice in the `lang` cookie and, for a signed-in person, on the
 * profile (their mails and PDFs follow it), then shows the page they were on in that language.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, LanguageFormSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const { locale, returnTo = "/" } = parsed.data;
  const user = await getOptionalUser(request);
  if (user) {
    // The cookie carries the choice for this browser even if the profile could not be saved.
    await saveLanguage(user.id, locale).catch((error) =>
      logger.error({ err: error }, "language save failed"),
    );
  }
  const secure = config().PUBLIC_URL.startsWith("https:");
  const { path } = splitLocalePath(returnTo);
  return redirect(localizedPath(locale, path), { headers: { "Set-Cookie": languageCookie(locale, secure) } });
}
