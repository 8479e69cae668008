import { Form, redirect, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { FormError, FormField } from "~/components/form-field";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectTarget } from "../auth/safe-redirect";
import { getOptionalUser } from "../auth/session.server";
import { type SignInRefusal, signInWithPassword, throttleSignIn } from "../auth/sign-in.server";
import { LoginSchema } from "../auth/signup-schema";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { OrDivider, SocialButtons } from "../components/social-buttons";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/login";
import { socialSignInAction } from "./social-sign-in.action.server";

export const meta = () => pageMeta("Log in", "Log in to Verdeo to save clips and manage your profile.");

export async function loader({ request }: Route.LoaderArgs) {
  if (await getOptionalUser(request)) throw redirect(redirectTarget(request));
  const reset = new URL(request.url).searchParams.get("reset") === "1";
  return { notice: reset ? MESSAGES.resetDone : null };
}

/** What each refusal of the sign-in service tells the visitor, and with which status. */
const SIGN_IN_REFUSALS: Record<SignInRefusal, { status: number; message: string }> = {
  locked: { status: 429, message: MESSAGES.tooManyAttempts },
  wrong_credentials: { status: 401, message: MESSAGES.loginFailed },
  suspended: { status: 403, message: MESSAGES.accountSuspended },
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "social") {
    return socialSignInAction(form, request, MESSAGES.socialLoginFailed);
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
  return redirect(redirectTarget(request), { headers });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  return (
    <AuthShell title="Welcome back" subtitle="Log in to save clips, manage downloads and more.">
      {loaderData.notice ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100"
        >
          {loaderData.notice}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        <FormError message={actionData ? replyMessage(actionData) : null} />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
        />
        <div>
          <FormField
            label="Password"
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
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Logging in..." : "Log In"}
        </Button>
      </Form>
      <OrDivider />
      <SocialButtons verb="Log in" />
      <AuthFooter lead="Don't have an account?" to="/signup" label="Sign up" />
    </AuthShell>
  );
}
