import { redirectWithToast } from "~/platform/http/toast.server";
import { localizedPath } from "~/platform/i18n/locales";
import { readerLocale } from "~/platform/i18n/negotiate";
import { translator } from "~/platform/i18n/translator.server";
import { getOptionalUser } from "../auth/session.server";
import { translateAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/email-confirmed";

/**
 * Where the mailed link lands once the auth library has checked it (it signs the person in): says
 * so, then opens the profile, in the person's language (the link itself has none). The library adds
 * ?error=… to a link that was wrong or too old.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  const locale = readerLocale(request, user?.language);
  const { t } = translator(locale, ["accounts"]);
  const toast = (target: string, message: string, type: "success" | "error") =>
    redirectWithToast(localizedPath(locale, target), { message: translateAccountMessage(t, message), type });
  if (user?.emailVerified && !new URL(request.url).searchParams.has("error"))
    return toast("/profile", MESSAGES.emailConfirmed, "success");
  if (user?.emailVerified) return toast("/profile", MESSAGES.emailAlreadyConfirmed, "success");
  return toast(user ? "/profile" : "/login", MESSAGES.confirmationLinkInvalid, "error");
}
