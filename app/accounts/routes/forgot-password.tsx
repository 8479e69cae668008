import { Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/button";
import { FormError, FormField } from "~/components/form-field";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useT } from "~/platform/i18n/i18n";
import { spokenLocale } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { requestPasswordReset } from "../auth/password-reset.server";
import { EmailSchema } from "../auth/signup-schema";
import { AuthFooter, AuthShell } from "../components/auth-shell";
import { useAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/forgot-password";
import { standalonePageLocale } from "./page-language.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("accounts.forgot.metaTitle"), t("accounts.forgot.metaDescription"));
};

export function loader({ request, params }: Route.LoaderArgs) {
  return { messages: messagesFor(standalonePageLocale(request, params), ["accounts"]) };
}

const ForgotPasswordSchema = z.object({ email: EmailSchema });

export async function action({ request, context, params }: Route.ActionArgs) {
  const parsed = await parseForm(request, ForgotPasswordSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  if (!(await enforceRateLimit("password_reset", { ip: context.clientIp })).allowed)
    return replyWith(formReply(MESSAGES.tooManyAttempts, { values: parsed.values }), 429);
  await requestPasswordReset({
    email: parsed.data.email,
    headers: request.headers,
    language: spokenLocale(pageLocaleOf(params)),
  });
  return { ok: true as const, message: MESSAGES.resetRequested };
}

export default function ForgotPassword() {
  const t = useT();
  const message = useAccountMessage();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <AuthShell title={t("accounts.forgot.title")} subtitle={t("accounts.forgot.subtitle")}>
      {result?.ok ? (
        <p
          role="status"
          className="rounded-lg bg-brand-50 px-3 py-3 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100"
        >
          {message(result.message)}
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <FormError message={result && !result.ok ? message(replyMessage(result)) : null} />
          <FormField
            label={t("accounts.field.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={result && !result.ok ? result.values.email : undefined}
          />
          <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? t("accounts.forgot.sending") : t("accounts.forgot.submit")}
          </Button>
        </Form>
      )}
      <AuthFooter to="/login" label={t("accounts.forgot.backToLogIn")} />
    </AuthShell>
  );
}
