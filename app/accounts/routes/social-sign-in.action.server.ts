import { redirect } from "react-router";
import { formReply } from "~/platform/http/form-reply";
import { replyWith } from "~/platform/http/forms.server";
import type { Locale } from "~/platform/i18n/locales";
import { startSocialSignIn } from "../auth/social-sign-in.server";

/**
 * The "Continue with Google/GitHub" button of /login and /signup: to the provider with the state
 * cookies, or the page's social failure message (the spec's) when sign-in cannot start.
 */
export async function socialSignInAction(
  form: FormData,
  request: Request,
  failedMessage: string,
  language: Locale,
) {
  const started = await startSocialSignIn(String(form.get("provider") ?? ""), request, language);
  if (!started.ok) return replyWith(formReply(failedMessage));
  const headers = new Headers();
  for (const cookie of started.value.cookies) headers.append("Set-Cookie", cookie);
  return redirect(started.value.url, { headers });
}
