import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/link";
import { useToast } from "~/components/toast";
import type { FormReply } from "~/platform/http/form-reply";
import { useT } from "~/platform/i18n/i18n";
import { FOLLOW_MESSAGES } from "../collections/follow-texts";

const BUTTON =
  "inline-flex items-center justify-center rounded-full border px-5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70";
const IDLE =
  "border-brand-700 bg-brand-700 text-white hover:bg-brand-800 dark:border-brand-400 dark:bg-brand-400 dark:text-zinc-950 dark:hover:bg-brand-300";
const ON =
  "border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

/** The follow resource answers in English (it has no page language): its refusals by their text. */
const REFUSAL_KEYS: Record<string, string> = {
  [FOLLOW_MESSAGES.invalid]: "catalog.follow.invalid",
  [FOLLOW_MESSAGES.logIn]: "catalog.follow.logIn",
  [FOLLOW_MESSAGES.tooMany]: "catalog.follow.tooMany",
  [FOLLOW_MESSAGES.self]: "catalog.follow.self",
  [FOLLOW_MESSAGES.notFound]: "catalog.follow.notFound",
  [FOLLOW_MESSAGES.failed]: "catalog.follow.failed",
};

type FollowAnswer = { following: boolean; followers: number } | FormReply;

/**
 * Follow or unfollow a creator: a plain form that comes back to the profile, so it works without
 * JavaScript; with it, the button flips at once, and a refusal shows as a toast. A visitor gets a link to
 * sign in that comes back here. Following is what sends the creator's new clips to the follower's
 * API webhooks (`clip.published`).
 */
export function FollowButton({
  creatorId,
  name,
  initial,
  loginHref,
}: {
  creatorId: string;
  name: string;
  initial: { following: boolean; followers: number };
  loginHref: string | null;
}) {
  const t = useT();
  const fetcher = useFetcher<FollowAnswer>();
  const toast = useToast();
  // The action answers by going back to the profile, whose loader then has the new state; until
  // then the button shows what was asked for.
  const pending = fetcher.formData?.get("intent");
  const following = pending ? pending === "follow" : initial.following;
  const followers = initial.followers + (following === initial.following ? 0 : following ? 1 : -1);
  const refusal = fetcher.data && !("following" in fetcher.data) ? fetcher.data : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !refusal) return;
    const said = refusal.formError ?? FOLLOW_MESSAGES.failed;
    const key = REFUSAL_KEYS[said];
    toast({ type: "error", message: key ? t(key) : said });
  }, [fetcher.state, refusal, toast, t]);

  const count = (
    <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="follower-count">
      {t("catalog.follow.followers", { count: followers })}
    </span>
  );
  if (loginHref)
    return (
      <div className="mt-4 flex items-center gap-3">
        <Link to={loginHref} className={`${BUTTON} ${IDLE}`}>
          {t("catalog.follow.follow")}
        </Link>
        {count}
      </div>
    );
  return (
    <fetcher.Form method="post" action="/resources/follow" className="mt-4 flex items-center gap-3">
      <input type="hidden" name="creatorId" value={creatorId} />
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name="back" value="1" />
      <button
        type="submit"
        className={`${BUTTON} ${following ? ON : IDLE}`}
        aria-pressed={following}
        aria-label={
          following ? t("catalog.follow.unfollowLabel", { name }) : t("catalog.follow.followLabel", { name })
        }
      >
        {following ? t("catalog.follow.following") : t("catalog.follow.follow")}
      </button>
      {count}
    </fetcher.Form>
  );
}
