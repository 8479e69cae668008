import { useState } from "react";
import { Form, redirect, useActionData, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/button";
import { FormError, FormField } from "~/components/form-field";
import { pageMeta } from "~/components/meta";
import { PASSWORD_MIN } from "~/constants";
import { fieldErrors, formReply } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { redirectWithToast } from "~/platform/http/toast.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useT } from "~/platform/i18n/i18n";
import { spokenLocale } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { redirectTarget } from "../auth/safe-redirect";
import { getOptionalUser } from "../auth/session.server";
import { type SignUpRefusal, signUp } from "../auth/sign-up.server";
import { SignupSchema } from "../auth/signup-schema";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { OrDivider, SocialButtons } from "../components/social-buttons";
import { UsernameField, useUsernameCheck } from "../components/username-field";
import { useAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/signup";
import { localizedTarget, standalonePageLocale } from "./page-language.server";
import { socialSignInAction } from "./social-sign-in.action.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("accounts.signup.metaTitle"), t("accounts.signup.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = standalonePageLocale(request, params);
  if (await getOptionalUser(request)) throw redirect(localizedTarget(locale, redirectTarget(request)));
  return { messages: messagesFor(locale, ["accounts"]) };
}

/** What each refusal of the sign-up service tells the visitor: on a field, or for the whole form. */
const SIGN_UP_REFUSALS: Record<SignUpRefusal, { status: number; message: string; field?: string }> = {
  username_taken: { status: 409, message: MESSAGES.usernameTaken, field: "username" },
  email_taken: { status: 409, message: MESSAGES.emailTaken, field: "email" },
  failed: { status: 500, message: MESSAGES.signupFailed },
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "social") {
    return socialSignInAction(form, request, MESSAGES.socialSignupFailed, spokenLocale(pageLocaleOf(params)));
  }
  const parsed = parseFormData(form, SignupSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const values = parsed.values;
  if (!(await enforceRateLimit("sign_up", { ip: context.clientIp })).allowed)
    return replyWith(formReply(MESSAGES.tooManyAttempts, { values }), 429);
  const locale = pageLocaleOf(params);
  const result = await signUp({
    ...parsed.data,
    ip: context.clientIp,
    headers: request.headers,
    language: spokenLocale(locale),
  });
  if (!result.ok) {
    const { status, message, field } = SIGN_UP_REFUSALS[result.reason];
    const reply = field
      ? formReply(null, { fieldErrors: { [field]: message }, values })
      : formReply(message, { values });
    return replyWith(reply, status);
  }
  const headers = new Headers();
  for (const cookie of result.value.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  // Back to where the visitor was going (a clip they wanted to save), else the profile; either way
  // told where the confirmation link went (the profile offers to send it again).
  const { t } = makeI18n(locale, messagesFor(locale, ["accounts"]));
  return redirectWithToast(
    localizedTarget(locale, redirectTarget(request)),
    { message: t("accounts.messages.checkInbox", { email: parsed.data.email }), type: "success" },
    { headers },
  );
}

const FIELDS = ["firstName", "lastName", "username", "email", "password"] as const;

export default function Signup() {
  const t = useT();
  const message = useAccountMessage();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [username, setUsername] = useState(actionData?.values.username ?? "");
  const check = useUsernameCheck(username);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  // What a submit said about the username belongs to the name it was sent with: once the name
  // changes, the live check alone speaks for it (no refusal left beside "Username is available").
  const [sentUsername, setSentUsername] = useState(actionData?.values.username ?? null);
  const [heldBack, setHeldBack] = useState(false);
  const usernameAsSent = sentUsername === username;
  const formError = heldBack && usernameAsSent ? MESSAGES.signupUsernameUnavailable : null;
  const shownErrors: Record<string, string> = clientErrors ?? actionData?.fieldErrors ?? {};
  const errors = Object.fromEntries(
    Object.entries(shownErrors).map(([field, error]) => [field, message(error)]),
  );
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "signup";

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((field) => [field, String(formData.get(field) ?? "")]));
    const parsed = SignupSchema.safeParse(values);
    setSentUsername(username);
    if (!parsed.success) {
      setClientErrors(fieldErrors(parsed.error));
      setHeldBack(false);
      return;
    }
    setClientErrors({});
    // Held back only when the live check has refused the name; one it has not answered yet goes to
    // the server, which decides anyway.
    setHeldBack(check.unavailable);
    if (check.unavailable) return;
    setClientErrors(null);
    submit(formData, { method: "post" });
  };

  return (
    <AuthShell title={t("accounts.signup.title")} subtitle={t("accounts.signup.subtitle")}>
      <Form method="post" className="space-y-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="signup" />
        <FormError message={message(formError ?? actionData?.formError ?? actionData?.fieldErrors.form)} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            label={t("accounts.signup.firstName")}
            name="firstName"
            defaultValue={actionData?.values.firstName}
            autoComplete="given-name"
            required
            error={errors.firstName}
          />
          <FormField
            label={t("accounts.signup.lastName")}
            name="lastName"
            defaultValue={actionData?.values.lastName}
            autoComplete="family-name"
            required
            error={errors.firstName ? undefined : errors.lastName}
          />
        </div>
        <UsernameField
          value={username}
          onChange={setUsername}
          check={check}
          serverError={usernameAsSent ? errors.username : undefined}
        />
        <FormField
          label={t("accounts.field.email")}
          name="email"
          defaultValue={actionData?.values.email}
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <FormField
          label={t("accounts.field.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
          hint={
            <span className="text-zinc-500 dark:text-zinc-400">
              {t("accounts.signup.passwordHint", { min: PASSWORD_MIN })}
            </span>
          }
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t("accounts.signup.submitting") : t("accounts.signup.submit")}
        </Button>
      </Form>
      <OrDivider />
      <SocialButtons verb="signUp" />
      <AuthFooter lead={t("accounts.signup.haveAccount")} to="/login" label={t("accounts.signup.logIn")} />
    </AuthShell>
  );
}
