import { redirect } from "react-router";
import { readForm } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { splitLocalePath, spokenLocale } from "~/platform/i18n/locales";
import { safeRedirectPath } from "../auth/safe-redirect";
import { getOptionalUser } from "../auth/session.server";
import { resendEmailVerification } from "../auth/sign-up.server";
import { confirmationSent, confirmationTooSoon, MESSAGES } from "../messages";
import type { Route } from "./+types/verification-mail";

/** Sends the signed-in person's confirmation link again; a plain form post, so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/login");
  const form = await readForm(request);
  const back = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/profile");
  // The mail falls back to the language of the page the button was on (`/de/profile`).
  const pageLanguage = spokenLocale(splitLocalePath(back).locale);
  const result = await resendEmailVerification(user, context.clientIp, pageLanguage);
  if (result.ok) return redirectWithToast(back, { message: confirmationSent(user.email), type: "success" });
  if (result.reason === "already_verified")
    return redirectWithToast(back, { message: MESSAGES.emailAlreadyConfirmed, type: "success" });
  return redirectWithToast(back, {
    message: confirmationTooSoon(Math.max(1, Math.ceil(result.retryAfterSeconds / 60))),
    type: "error",
  });
}

export const loader = () => redirect("/profile");
