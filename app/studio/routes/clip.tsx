import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply } from "~/platform/http/form-reply";
import { replyWith } from "~/platform/http/forms.server";
import { MULTIPART_ENVELOPE_BYTES, type RouteHandle } from "~/platform/http/route-handle";
import { makeI18n, useT } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { StatusBadge } from "../clips/clip-status";
import { ClipDetailsForm } from "../components/clip-details-form";
import { ClipManage } from "../components/clip-manage";
import { ClipMediaPanel } from "../components/clip-media-panel";
import { ClipReleases } from "../components/clip-releases";
import { RELEASE_MAX_BYTES } from "../releases/release-rules";
import { studioI18n } from "../studio-i18n.server";
import type { Route } from "./+types/clip";
import { clipPageData, requireOwnClip, runClipAction } from "./clip.action.server";

export const meta = ({ params, data: loaded }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), loaded?.messages ?? {});
  return pageMeta(
    loaded ? t("studio.clip.metaTitle", { title: loaded.clip.title }) : t("studio.clip.metaTitleFallback"),
    t("studio.clip.metaDescription"),
  );
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { clip } = await requireOwnClip(request, params);
  return clipPageData(clip, pageLocaleOf(params));
}

/**
 * The page's forms include a release file (at most RELEASE_MAX_BYTES); a larger body is answered in
 * the form with the release's own message, not a status page.
 */
export const handle: RouteHandle = {
  bodyLimit: RELEASE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES,
  oversizedBody: "form",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, clip } = await requireOwnClip(request, params);
  const i18n = studioI18n(params);
  if (context.bodyTooLarge)
    return replyWith(
      formReply(i18n.t("studio.releases.error.tooLarge"), { values: { intent: "add-release" } }),
      413,
    );
  return runClipAction(request, user, clip, i18n);
}

/**
 * While the clip is processing the page refreshes itself, so progress and the next state show; then
 * for up to a minute while the footage is analysed, so its keyword suggestions appear.
 */
function useRefreshWhileWaiting(processing: boolean, analysing: boolean) {
  const { revalidate, state } = useRevalidator();
  // The minute of waiting for the analysis starts when processing ends, not when the page opened.
  const [since, setSince] = useState(() => Date.now());
  useEffect(() => {
    if (!processing) setSince(Date.now());
  }, [processing]);
  useEffect(() => {
    if (!processing && !analysing) return;
    const timer = setInterval(() => {
      if (!processing && Date.now() - since > ANALYSIS_WAIT_MS) return;
      if (state === "idle") void revalidate();
    }, 2500);
    return () => clearInterval(timer);
  }, [processing, analysing, since, revalidate, state]);
}
const ANALYSIS_WAIT_MS = 60_000;

export default function StudioClip({ loaderData, actionData }: Route.ComponentProps) {
  const { clip, niches, suggestions, releases, releaseGap } = loaderData;
  const releaseReply = actionData?.values?.intent?.endsWith("-release") ? actionData : null;
  useRefreshWhileWaiting(clip.status === "processing", suggestions.state === "pending");
  const editable = clip.status !== "processing" && clip.status !== "failed";
  const t = useT();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/studio" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
        {t("studio.back")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{clip.title}</h1>
        <StatusBadge status={clip.status} />
      </div>
      {clip.statusReason && ["rejected", "failed", "unpublished"].includes(clip.status) ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          {clip.statusReason}
        </p>
      ) : null}
      {actionData?.formError && !releaseReply ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {actionData.formError}
        </p>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <ClipMediaPanel clip={clip} />
        {editable ? (
          <ClipDetailsForm
            // Saved tags may differ from the typed ones (ticked suggestions join them): a save
            // remounts the form so its fields show what was stored.
            key={clip.tags.join(",")}
            clip={clip}
            niches={niches}
            suggestions={suggestions}
            errors={actionData?.fieldErrors ?? {}}
            sent={actionData?.values ?? {}}
          />
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">
            {clip.status === "processing"
              ? t("studio.clip.detailsAfterProcessing")
              : t("studio.clip.unusable")}
          </p>
        )}
      </div>
      {editable ? (
        <ClipReleases
          clipId={clip.id}
          status={clip.status}
          releases={releases}
          gap={releaseGap}
          error={releaseReply?.formError ?? null}
          sent={releaseReply?.values ?? {}}
        />
      ) : null}
      <ClipManage status={clip.status} />
    </main>
  );
}
