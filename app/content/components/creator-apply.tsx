import { Form, useNavigation } from "react-router";
import {
  APPLICATION_MESSAGE_MAX,
  APPLICATION_TEXTS,
  type ApplicationStatus,
  PORTFOLIO_URL_MAX,
} from "~/accounts/applications/creator-application";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { royaltyShare } from "../texts";

export interface ApplyState {
  signedIn: boolean;
  isCreator: boolean;
  application: { status: ApplicationStatus; decisionMessage: string | null } | null;
}

/** Log in or sign up, then come back to the form. */
const BACK_TO_APPLY = new URLSearchParams({ redirectTo: "/creators-hub#apply" }).toString();

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
  if (state.isCreator) return null;
  let body: React.ReactNode;
  if (!state.signedIn) {
    body = (
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        <Link
          to={`/login?${BACK_TO_APPLY}`}
          className="font-medium text-brand-700 underline dark:text-brand-400"
        >
          Log in
        </Link>{" "}
        or{" "}
        <Link
          to={`/signup?${BACK_TO_APPLY}`}
          className="font-medium text-brand-700 underline dark:text-brand-400"
        >
          sign up
        </Link>{" "}
        to apply.
      </p>
    );
  } else if (state.application?.status === "pending") {
    body = <p className="mt-2 text-zinc-700 dark:text-zinc-300">{APPLICATION_TEXTS.alreadyPending}</p>;
  } else {
    body = (
      <>
        {state.application?.status === "declined" ? (
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
            Your last application was declined
            {state.application.decisionMessage ? `: ${state.application.decisionMessage}` : "."} You can apply
            again.
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
              Portfolio link
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
              What do you shoot?
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
              I accept the{" "}
              <Link to="/terms" className="font-medium text-brand-700 underline dark:text-brand-400">
                contributor terms
              </Link>{" "}
              and confirm I own the rights to the footage I will upload.
            </span>
          </label>
          <div>
            <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary")}>
              {busy ? "Sending…" : "Apply as a creator"}
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
          Become a creator
        </h2>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{royaltyShare(royaltyPercent)}</p>
        {body}
      </div>
    </section>
  );
}
