import { Form, useNavigation } from "react-router";
import {
  APPLICATION_MESSAGE_MAX,
  type ApplicationStatus,
  PORTFOLIO_URL_MAX,
} from "~/accounts/applications/creator-application";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { useI18n } from "~/platform/i18n/i18n";
import { sharePercent } from "../texts";

export interface ApplyState {
  signedIn: boolean;
  isCreator: boolean;
  application: { status: ApplicationStatus; decisionMessage: string | null } | null;
}

/** Log in or sign up, then come back to the form (in the page's language). */
const backToApply = (applyPath: string) => new URLSearchParams({ redirectTo: applyPath }).toString();

const LINK = "font-medium text-brand-700 underline dark:text-brand-400";

const field =
  "mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** "Become a creator": the application form, or where the person's application stands. */
export function CreatorApply({
  state,
  royaltyPercent,
  error,
}: {
  state: ApplyState;
  royaltyPercent: number;
  error?: string | null;
}) {
  const busy = useNavigation().state === "submitting";
  const { t, rich, tag, path } = useI18n();
  const back = backToApply(path("/creators-hub#apply"));
  if (state.isCreator) return null;
  let body: React.ReactNode;
  if (!state.signedIn) {
    body = (
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        {rich("content.apply.signIn", {
          login: (chunks) => (
            <Link key="login" to={`/login?${back}`} className={LINK}>
              {chunks}
            </Link>
          ),
          signup: (chunks) => (
            <Link key="signup" to={`/signup?${back}`} className={LINK}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    );
  } else if (state.application?.status === "pending") {
    body = <p className="mt-2 text-zinc-700 dark:text-zinc-300">{t("content.apply.pending")}</p>;
  } else {
    body = (
      <>
        {state.application?.status === "declined" ? (
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
            {state.application.decisionMessage
              ? t("content.apply.declinedWithReason", { reason: state.application.decisionMessage })
              : t("content.apply.declined")}
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
          >
            {error}
          </p>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4">
          <div>
            <label htmlFor="apply-portfolio" className="text-sm font-medium">
              {t("content.apply.portfolio")}
            </label>
            <input
              id="apply-portfolio"
              name="portfolioUrl"
              type="url"
              required
              maxLength={PORTFOLIO_URL_MAX}
              placeholder="https://"
              className={field}
            />
          </div>
          <div>
            <label htmlFor="apply-message" className="text-sm font-medium">
              {t("content.apply.message")}
            </label>
            <textarea
              id="apply-message"
              name="message"
              rows={4}
              required
              maxLength={APPLICATION_MESSAGE_MAX}
              className={field}
            />
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="terms" required className="mt-1 accent-brand-700" />
            <span>
              {rich("content.apply.terms", {
                link: (chunks) => (
                  <Link key="terms" to="/terms" className={LINK}>
                    {chunks}
                  </Link>
                ),
              })}
            </span>
          </label>
          <div>
            <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary")}>
              {busy ? t("content.apply.sending") : t("content.apply.submit")}
            </button>
          </div>
        </Form>
      </>
    );
  }
  return (
    <section id="apply" aria-labelledby="apply-title" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
      <div className="rounded-3xl border border-zinc-200 bg-white p-8 dark:border-zinc-800 dark:bg-zinc-900/60">
        <h2 id="apply-title" className="text-2xl font-bold">
          {t("content.apply.heading")}
        </h2>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {t("content.creators.royaltyShare", { share: sharePercent(tag, royaltyPercent) })}
        </p>
        {body}
      </div>
    </section>
  );
}
