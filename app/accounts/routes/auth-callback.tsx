import { useEffect } from "react";
import { data, redirect, useFetcher, useNavigate } from "react-router";
import { Spinner } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { AUTH_CALLBACK_ERROR_REDIRECT_MS } from "~/constants";
import { completeOAuthSignIn } from "../auth/oauth-callback.server";
import { getOptionalUser } from "../auth/session.server";
import { AuthShell } from "../components/auth-shell";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/auth-callback";

export const meta = () => pageMeta(MESSAGES.callbackProcessing, "Finishing your Google or GitHub sign-in.");

export function loader({ request }: Route.LoaderArgs) {
  return { failed: new URL(request.url).searchParams.has("error") };
}

/** The processing step: the session must hold a user, whose profile is created when missing. */
export async function action({ request }: Route.ActionArgs) {
  const ok = await completeOAuthSignIn(await getOptionalUser(request));
  return ok ? redirect("/profile") : data({ failed: true }, { status: 400 });
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
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
    const timer = setTimeout(() => navigate("/login"), AUTH_CALLBACK_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [failed, navigate]);

  return (
    <AuthShell title={failed ? MESSAGES.callbackFailed : MESSAGES.callbackProcessing}>
      <div className="flex flex-col items-center gap-4 py-6 text-center" aria-live="polite">
        {failed ? (
          <p className="text-zinc-600 dark:text-zinc-400">{MESSAGES.callbackRedirecting}</p>
        ) : (
          <span className="text-brand-700 dark:text-brand-400">
            <Spinner label={MESSAGES.callbackProcessing} />
          </span>
        )}
      </div>
    </AuthShell>
  );
}
