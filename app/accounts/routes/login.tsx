import { Form, redirect, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { FormError, FormField } from "~/components/form-field";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useT } from "~/platform/i18n/i18n";
import { spokenLocale } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { redirectTarget } from "../auth/safe-redirect";
import { getOptionalUser } from "../auth/session.server";
import { type SignInRefusal, signInWithPassword, throttleSignIn } from "../auth/sign-in.server";
import { LoginSchema } from "../auth/signup-schema";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { OrDivider, SocialButtons } from "../components/social-buttons";
import { useAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/login";
import { localizedTarget, standalonePageLocale } from "./page-language.server";
import { socialSignInAction } from "./social-sign-in.action.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("accounts.login.metaTitle"), t("accounts.login.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = standalonePageLocale(request, params);
  if (await getOptionalUser(request)) throw redirect(localizedTarget(locale, redirectTarget(request)));
  const reset = new URL(request.url).searchParams.get("reset") === "1";
  return { notice: reset ? MESSAGES.resetDone : null, messages: messagesFor(locale, ["accounts"]) };
}

/** What each refusal of the sign-in service tells the visitor, and with which status. */
const SIGN_IN_REFUSALS: Record<SignInRefusal, { status: number; message: string }> = {
  locked: { status: 429, message: MESSAGES.tooManyAttempts },
  wrong_credentials: { status: 401, message: MESSAGES.loginFailed },
  suspended: { status: 403, message: MESSAGES.accountSuspended },
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "social") {
    return socialSignInAction(form, request, MESSAGES.socialLoginFailed, spokenLocale(pageLocaleOf(params)));
  }
  const parsed = parseFormData(form, LoginSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const values = parsed.values;
  if (!(await throttleSignIn(context.clientIp)).allowed)
    return replyWith(formReply(MESSAGES.tooManyAttempts, { values }), 429);
  const result = await signInWithPassword({ ...parsed.data, ip: context.clientIp, headers: request.headers });
  if (!result.ok) {
    const refusal = SIGN_IN_REFUSALS[result.reason];
    return replyWith(formReply(refusal.message, { values }), refusal.status);
  }
  const headers = new Headers();
  for (const cookie of result.value.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(localizedTarget(pageLocaleOf(params), redirectTarget(request)), { headers });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const message = useAccountMessage();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  return (
    <AuthShell title={t("accounts.login.title")} subtitle={t("accounts.login.subtitle")}>
      {loaderData.notice ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100"
        >
          {message(loaderData.notice)}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        <FormError message={actionData ? message(replyMessage(actionData)) : null} />
        <FormField
          label={t("accounts.field.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
        />
        <div>
          <FormField
            label={t("accounts.field.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <p className="mt-1.5 text-right text-sm">
            <Link
              to="/forgot-password"
              className="font-medium text-brand-700 hover:underline dark:text-brand-400"
            >
              {t("accounts.login.forgotPassword")}
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("accounts.login.submitting") : t("accounts.login.submit")}
        </Button>
      </Form>
      <OrDivider />
      <SocialButtons verb="logIn" />
      <AuthFooter lead={t("accounts.login.noAccount")} to="/signup" label={t("accounts.login.signUp")} />
    </AuthShell>
  );
}
