import { redirect } from "react-router";
import { readForm } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { splitLocalePath, spokenLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { safeRedirectPath } from "../auth/safe-redirect";
import { getOptionalUser } from "../auth/session.server";
import { resendEmailVerification } from "../auth/sign-up.server";
import { translateAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/verification-mail";
import { signInPath } from "./require-user.server";

/**
 * Sends the signed-in person's confirmation link again; a plain form post, so it works without
 * JavaScript. The answer is said in the language of the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(signInPath(request));
  const form = await readForm(request);
  const back = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/profile");
  // The mail falls back to the language of the page the button was on (`/de/profile`).
  const pageLocale = splitLocalePath(back).locale;
  const { t } = translator(pageLocale, ["accounts"]);
  const result = await resendEmailVerification(user, context.clientIp, spokenLocale(pageLocale));
  if (result.ok)
    return redirectWithToast(back, {
      message: t("accounts.messages.confirmationSent", { email: user.email }),
      type: "success",
    });
  if (result.reason === "already_verified")
    return redirectWithToast(back, {
      message: translateAccountMessage(t, MESSAGES.emailAlreadyConfirmed),
      type: "success",
    });
  return redirectWithToast(back, {
    message: t("accounts.messages.confirmationTooSoon", {
      minutes: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)),
    }),
    type: "error",
  });
}

export const loader = () => redirect("/profile");
