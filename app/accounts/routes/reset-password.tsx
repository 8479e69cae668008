import { Form, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/button";
import { FormError, FormField } from "~/components/form-field";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { isResetTokenValid, resetPassword } from "../auth/password-reset.server";
import { NewPasswordSchema } from "../auth/signup-schema";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/reset-password";

export const meta = () => pageMeta("Choose a new password", "Choose a new password for your Verdeo account.");

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: token !== "" && (await isResetTokenValid(token)) };
}

const ResetPasswordSchema = z.object({
  token: z.string({ error: MESSAGES.resetInvalid }).max(200, MESSAGES.resetInvalid),
  password: NewPasswordSchema,
});

export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, ResetPasswordSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const result = await resetPassword({ token: parsed.data.token, newPassword: parsed.data.password });
  if (!result.ok) return replyWith(formReply(MESSAGES.resetInvalid));
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
          <FormError message={result ? replyMessage(result) : null} />
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
