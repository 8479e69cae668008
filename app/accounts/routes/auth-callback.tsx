import { useEffect } from "react";
import { data, redirect, useFetcher, useNavigate } from "react-router";
import { Spinner } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { AUTH_CALLBACK_ERROR_REDIRECT_MS } from "~/constants";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath, spokenLocale } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { completeOAuthSignIn } from "../auth/oauth-callback.server";
import { getOptionalUser } from "../auth/session.server";
import { AuthShell } from "../components/auth-shell";
import type { Route } from "./+types/auth-callback";
import { standalonePageLocale } from "./page-language.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("accounts.messages.callbackProcessing"), t("accounts.callback.metaDescription"));
};

export function loader({ request, params }: Route.LoaderArgs) {
  const locale = standalonePageLocale(request, params);
  return {
    failed: new URL(request.url).searchParams.has("error"),
    messages: messagesFor(locale, ["accounts"]),
  };
}

/** The processing step: the session must hold a user, whose profile is created when missing. */
export async function action({ request, params }: Route.ActionArgs) {
  // A new profile keeps the language of the page the sign-in started from (its mails follow it).
  const ok = await completeOAuthSignIn(await getOptionalUser(request), spokenLocale(pageLocaleOf(params)));
  return ok
    ? redirect(localizedPath(pageLocaleOf(params), "/profile"))
    : data({ failed: true }, { status: 400 });
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const { t, path } = useI18n();
  const fetcher = useFetcher<{ failed: boolean }>();
  const navigate = useNavigate();
  const failed = loaderData.failed || fetcher.data?.failed === true;

  // Runs once on arrival (submit keeps its identity across renders).
  const { submit } = fetcher;
  useEffect(() => {
    if (!loaderData.failed) submit(null, { method: "post" });
  }, [loaderData.failed, submit]);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => navigate(path("/login")), AUTH_CALLBACK_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [failed, navigate, path]);

  return (
    <AuthShell
      title={failed ? t("accounts.messages.callbackFailed") : t("accounts.messages.callbackProcessing")}
    >
      <div className="flex flex-col items-center gap-4 py-6 text-center" aria-live="polite">
        {failed ? (
          <p className="text-zinc-600 dark:text-zinc-400">{t("accounts.messages.callbackRedirecting")}</p>
        ) : (
          <span className="text-brand-700 dark:text-brand-400">
            <Spinner label={t("accounts.messages.callbackProcessing")} />
          </span>
        )}
      </div>
    </AuthShell>
  );
}
