import { data, Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { readForm } from "~/platform/forms.server";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { FormError, FormField } from "../components/form-field";
import { requestPasswordReset } from "../password-reset.server";
import { EmailSchema } from "../signup-schema";
import type { Route } from "./+types/forgot-password";

export const meta = () => pageMeta("Forgot password", "Reset the password of your Verdeo account.");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = EmailSchema.safeParse(form.get("email") ?? "");
  if (!parsed.success)
    return data({ ok: false, message: parsed.error.issues[0]?.message ?? "" }, { status: 400 });
  const result = await requestPasswordReset(parsed.data, context.clientIp, request.headers);
  return data(result, { status: result.ok ? 200 : 429 });
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to choose a new one."
    >
      {result?.ok ? (
        <p
          role="status"
          className="rounded-lg bg-brand-50 px-3 py-3 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100"
        >
          {result.message}
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <FormError message={result?.message} />
          <FormField label="Email" name="email" type="email" autoComplete="email" required />
          <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Sending..." : "Send Reset Link"}
          </Button>
        </Form>
      )}
      <AuthFooter to="/login" label="Back to log in" />
    </AuthShell>
  );
}
