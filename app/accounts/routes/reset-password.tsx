import { Form, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/button";
import { FormError, FormField } from "~/components/form-field";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useT } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { isResetTokenValid, resetPassword } from "../auth/password-reset.server";
import { NewPasswordSchema } from "../auth/signup-schema";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { useAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/reset-password";
import { standalonePageLocale } from "./page-language.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("accounts.reset.title"), t("accounts.reset.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = standalonePageLocale(request, params);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    token,
    valid: token !== "" && (await isResetTokenValid(token)),
    messages: messagesFor(locale, ["accounts"]),
  };
}

const ResetPasswordSchema = z.object({
  token: z.string({ error: MESSAGES.resetInvalid }).max(200, MESSAGES.resetInvalid),
  password: NewPasswordSchema,
});

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = await parseForm(request, ResetPasswordSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const result = await resetPassword({ token: parsed.data.token, newPassword: parsed.data.password });
  if (!result.ok) return replyWith(formReply(MESSAGES.resetInvalid));
  return redirect(localizedPath(pageLocaleOf(params), "/login?reset=1"));
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const message = useAccountMessage();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <AuthShell title={t("accounts.reset.title")}>
      {loaderData.valid ? (
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <FormError message={result ? message(replyMessage(result)) : null} />
          <FormField
            label={t("accounts.reset.newPassword")}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? t("accounts.reset.saving") : t("accounts.reset.submit")}
          </Button>
        </Form>
      ) : (
        <FormError message={message(MESSAGES.resetInvalid)} />
      )}
      <AuthFooter to="/forgot-password" label={t("accounts.reset.requestNew")} />
    </AuthShell>
  );
}
