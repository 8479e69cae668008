import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { readForm } from "~/platform/forms.server";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { FormError, FormField } from "../components/form-field";
import { MESSAGES } from "../messages";
import { isResetTokenValid, resetPassword } from "../password-reset.server";
import { NewPasswordSchema } from "../signup-schema";
import type { Route } from "./+types/reset-password";

export const meta = () => pageMeta("Choose a new password", "Choose a new password for your Verdeo account.");

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: token !== "" && (await isResetTokenValid(token)) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  const parsed = NewPasswordSchema.safeParse(form.get("password") ?? "");
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "" }, { status: 400 });
  if (!(await resetPassword(token, parsed.data)))
    return data({ error: MESSAGES.resetInvalid }, { status: 400 });
  return redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <AuthShell title="Choose a new password">
      {loaderData.valid ? (
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <FormError message={result?.error} />
          <FormField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Saving..." : "Reset Password"}
          </Button>
        </Form>
      ) : (
        <FormError message={MESSAGES.resetInvalid} />
      )}
      <AuthFooter to="/forgot-password" label="Request a new link" />
    </AuthShell>
  );
}
