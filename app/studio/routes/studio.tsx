import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { CLIP_STATUSES, type ClipStatus } from "~/catalog/clips/attributes";
import { countCreatorClips } from "~/catalog/clips/clip-lifecycle.server";
import { ButtonLink } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { processingWaits } from "~/media/processing/processing-days.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { StatusBadge } from "../clips/clip-status";
import { listStudioClips } from "../clips/clips.server";
import { clipReasonText, studioI18n } from "../studio-i18n.server";
import { STATUS_KEYS } from "../studio-keys";
import type { Route } from "./+types/studio";
import { requireStudioUser } from "./studio-user.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("studio.list.metaTitle"), t("studio.list.metaDescription"));
};

const FilterSchema = z.enum(CLIP_STATUSES).optional().catch(undefined);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStudioUser(request);
  const status = FilterSchema.parse(new URL(request.url).searchParams.get("status") ?? undefined);
  const [clips, counts] = await Promise.all([listStudioClips(user.id, status), countCreatorClips(user.id)]);
  const i18n = studioI18n(params);
  // Clips past the creator's daily processing allowance say when they start.
  const waits = await processingWaits(
    clips.filter((clip) => clip.status === "processing").map((clip) => clip.id),
  );
  return {
    messages: messagesFor(pageLocaleOf(params), ["studio"]),
    status: status ?? null,
    counts,
    clips: clips.map((clip) => ({
      id: clip.id,
      title: clip.title,
      status: clip.status,
      statusReason: clipReasonText(i18n, clip.statusReason),
      thumbnailUrl: clip.thumbnailUrl,
      progress: clip.processingProgress,
      durationSeconds: clip.durationSeconds,
      createdAt: clip.createdAt.toISOString(),
      duplicate: clip.duplicateOfId !== null,
      waiting: waits.get(clip.id) ?? null,
    })),
  };
}

/** While anything is processing, the list refreshes itself so progress and new states show. */
function useRefreshWhile(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") void revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}

export default function Studio({ loaderData }: Route.ComponentProps) {
  const { clips, counts, status } = loaderData;
  const { t } = useI18n();
  useRefreshWhile(clips.some((clip) => clip.status === "processing"));
  const total = Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
            {t("studio.list.eyebrow")}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{t("studio.list.heading")}</h1>
        </div>
        <div className="flex flex-wrap gap-3">
          {/* Earnings and payout details are payouts' pages, reached by URL. */}
          <ButtonLink to="/studio/earnings" variant="secondary">
            {t("studio.list.earnings")}
          </ButtonLink>
          <ButtonLink to="/studio/payouts" variant="secondary">
            {t("studio.list.payoutDetails")}
          </ButtonLink>
          <ButtonLink to="/studio/upload">{t("studio.list.upload")}</ButtonLink>
        </div>
      </div>
      <nav aria-label={t("studio.list.filterLabel")} className="mt-6 flex flex-wrap gap-2">
        <FilterLink to="/studio" active={status === null} label={t("studio.list.filterAll")} count={total} />
        {CLIP_STATUSES.map((value) => (
          <FilterLink
            key={value}
            to={`/studio?status=${value}`}
            active={status === value}
            label={t(STATUS_KEYS[value])}
            count={counts[value] ?? 0}
          />
        ))}
      </nav>
      {clips.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-zinc-300 p-10 text-center dark:border-zinc-700">
          <p className="text-lg font-semibold">
            {status ? t("studio.list.emptyStatus", { status }) : t("studio.list.empty")}
          </p>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("studio.list.emptyHint")}</p>
          <ButtonLink to="/studio/upload" className="mt-6">
            {t("studio.list.upload")}
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {clips.map((clip) => (
            <li key={clip.id}>
              <Link
                to={`/studio/clips/${clip.id}`}
                className="group block overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-zinc-800 dark:bg-zinc-900"
              >
                <div className="relative aspect-video bg-zinc-100 dark:bg-zinc-800">
                  <img src={clip.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
                  {clip.status === "processing" ? (
                    <div className="absolute inset-x-0 bottom-0 bg-zinc-950/70 px-3 py-2">
                      <div
                        role="progressbar"
                        aria-label={t("studio.list.processingLabel", { title: clip.title })}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={clip.progress}
                        className="h-1.5 overflow-hidden rounded-full bg-white/25"
                      >
                        <div
                          className="h-full bg-brand-400 transition-all"
                          style={{ width: `${clip.progress}%` }}
                        />
                      </div>
                    </div>
                  ) : null}
                </div>
                <div className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="line-clamp-2 font-semibold group-hover:text-brand-700 dark:group-hover:text-brand-400">
                      {clip.title}
                    </h2>
                    <StatusBadge status={clip.status as ClipStatus} />
                  </div>
                  {clip.statusReason &&
                  (clip.status === "rejected" ||
                    clip.status === "failed" ||
                    clip.status === "unpublished") ? (
                    <p className="mt-2 text-sm text-red-700 dark:text-red-400">{clip.statusReason}</p>
                  ) : null}
                  {clip.status === "processing" && clip.waiting ? (
                    <p
                      className="mt-2 text-sm text-zinc-600 dark:text-zinc-400"
                      data-testid="processing-wait"
                    >
                      {clip.waiting}
                    </p>
                  ) : null}
                  {clip.status === "needs_details" ? (
                    <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
                      {t("studio.list.needsDetails")}
                    </p>
                  ) : null}
                  {clip.duplicate && clip.status !== "published" ? (
                    <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
                      {t("studio.list.duplicate")}
                    </p>
                  ) : null}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function FilterLink({
  to,
  active,
  label,
  count,
}: {
  to: string;
  active: boolean;
  label: string;
  count: number;
}) {
  const { tag } = useI18n();
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={`rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
        active
          ? "border-brand-700 bg-brand-700 text-white dark:border-brand-500 dark:bg-brand-500 dark:text-zinc-950"
          : "border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      }`}
    >
      {label} <span className="font-normal tabular-nums">{count.toLocaleString(tag)}</span>
    </Link>
  );
}
