import { preload } from "react-dom";
import { data } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { Avatar } from "~/accounts/profiles/avatar";
import { InlineRoleBadge } from "~/accounts/profiles/inline-role-badge";
import { buttonClass } from "~/components/button";
import { DownloadIcon } from "~/components/icons";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { config } from "~/platform/config.server";
import { PersonalRegion, usePersonal } from "~/platform/http/personal-regions";
import type { RouteHandle } from "~/platform/http/route-handle";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { formatFileSize } from "~/platform/text/file-size";
import { formatFrameRate } from "~/platform/text/frame-rate";
import { findClipPage, listMoreFromCreator, listSimilarClips } from "../clips/catalog.server";
import { clipPath, downloadPath, loginToReturn, parseClipId } from "../clips/clip-id";
import { listCollectionsForClip } from "../collections/collections.server";
import { BackButton } from "../components/back-button";
import { formatDuration } from "../components/clip-card";
import { GridCard, JustifiedGrid } from "../components/clip-grid";
import { MoreLikeThis } from "../components/more-like-this";
import { SaveMenu, type SaveTarget } from "../components/save-menu";
import { useTerms } from "../components/term-labels";
import { exploreSearch } from "../search/explore-url";
import type { Route } from "./+types/video";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = pageLocaleOf(params);
  const messages = messagesFor(locale, ["clips", "catalog"]);
  const id = parseClipId(params.id);
  const user = await getOptionalUser(request, context);
  const found = id ? await findClipPage(id, user?.id ?? null) : undefined;
  if (!found)
    return data(
      {
        clip: null,
        details: null,
        more: [],
        similar: [],
        saved: false,
        loginHref: null,
        origin: "",
        saveOnArrival: false,
        collections: [],
        messages,
      },
      { status: 404 },
    );
  const { clip, details, saved } = found;
  const [more, similar, collections] = await Promise.all([
    listMoreFromCreator(clip.creatorId, clip.id),
    listSimilarClips(clip.id),
    user ? listCollectionsForClip(user.id, clip.id) : [],
  ]);
  const mine: ClipSaveState = {
    id: clip.id,
    saved,
    loginHref: user ? null : loginToReturn(localizedPath(locale, `${clipPath(clip.id)}?save=1`)),
    collections: collections.map(({ id, name, shareToken, hasClip }) => ({ id, name, shareToken, hasClip })),
  };
  return {
    clip,
    details,
    more,
    similar,
    ...mine,
    saveOnArrival: new URL(request.url).searchParams.get("save") === "1",
    origin: config().PUBLIC_URL,
    // The save menu's state, joined per visitor onto the cached page (docs/decisions/0029).
    personal: user ? { clip: mine } : undefined,
    messages,
  };
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  const clip = data?.clip;
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  if (!clip) return pageMeta(t("clips.notFound.title"), t("clips.notFound.text"));
  // Media may already be absolute (a CDN's, MEDIA_BASE_URL): only site paths take the origin.
  const url = (path: string) => new URL(path, data.origin).href;
  // Each language's page is its own canonical; the alternates name the others (app/root.tsx).
  const page = url(localizedPath(pageLocaleOf(params), clipPath(clip.id)));
  return [
    ...pageMeta(clip.title, clip.description),
    { property: "og:type", content: "video.other" },
    { property: "og:url", content: page },
    { property: "og:image", content: url(clip.thumbnailUrl) },
    { property: "og:video", content: url(clip.videoUrl) },
    { property: "og:video:type", content: "video/mp4" },
    { property: "og:video:width", content: String(clip.width) },
    { property: "og:video:height", content: String(clip.height) },
    { property: "video:duration", content: String(clip.durationSeconds) },
    { name: "twitter:card", content: "player" },
    { tagName: "link", rel: "canonical", href: page },
  ];
};

/** What the save menu shows for this visitor: the personal part of the clip page. */
interface ClipSaveState {
  id: number;
  saved: boolean;
  loginHref: string | null;
  collections: SaveTarget[];
}

export default function Video({ loaderData }: Route.ComponentProps) {
  const { clip, details, more, similar, origin, saveOnArrival } = loaderData;
  const { t, rich, tag } = useI18n();
  const terms = useTerms();
  // A cached page was hydrated with the anonymous visitor's data: the page's personal block wins.
  const own = usePersonal<ClipSaveState | null>("clip", loaderData, null);
  const { saved, loginHref, collections } = own && own.id === clip?.id ? own : loaderData;
  if (!clip) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{t("clips.notFound.heading")}</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("clips.notFound.text")}</p>
        <Link to="/videos" className={buttonClass("primary", "mt-8")}>
          {t("common.exploreVideos")}
        </Link>
      </main>
    );
  }
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: clip.title,
    description: clip.description,
    thumbnailUrl: `${origin}${clip.thumbnailUrl}`,
    contentUrl: `${origin}${clip.videoUrl}`,
    duration: `PT${clip.durationSeconds}S`,
    width: clip.width,
    height: clip.height,
    creator: { "@type": "Person", name: clip.creatorName },
  };
  const portrait = clip.height > clip.width;
  // The poster is the largest paint: a preload asks for it first, not behind the ~30 module scripts
  // on a browser's six HTTP/1.1 connections.
  preload(clip.thumbnailUrl, { as: "image", fetchPriority: "high" });
  return (
    <main className="mx-auto max-w-[1400px] px-4 py-8 sm:px-6">
      <BackButton />
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        {/* self-start: stretched to the details column, the player letterboxed the clip in a tall black box. */}
        <div className="flex items-center justify-center self-start overflow-hidden rounded-2xl bg-black">
          <video
            src={clip.videoUrl}
            poster={clip.thumbnailUrl}
            controls
            preload="metadata"
            playsInline
            width={clip.width}
            height={clip.height}
            // The player clips its overflow (rounded corners): the focus ring is drawn inside the video.
            className={`focus-visible:-outline-offset-4 ${portrait ? "h-[70vh] max-h-[720px] w-auto" : "h-auto w-full"}`}
            style={{ aspectRatio: `${clip.width} / ${clip.height}` }}
          >
            <track kind="captions" />
          </video>
        </div>
        <aside className="space-y-6">
          <div>
            <p className="text-sm font-medium text-brand-700 dark:text-brand-400">
              {terms.niche(clip.nicheId, clip.nicheName)}
              {clip.subNicheName ? ` · ${terms.subNiche(clip.subNicheName)}` : ""}
            </p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{clip.title}</h1>
            <p className="mt-3 leading-relaxed text-zinc-700 dark:text-zinc-300">{clip.description}</p>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm" aria-label={t("clips.details.label")}>
            {/* Words (landscape, warm) start with a capital; units (fps, MB) keep their case. */}
            {[
              [t("clips.details.resolution"), `${clip.width}×${clip.height}`],
              [t("clips.details.frameRate"), details?.frameRate ? formatFrameRate(details.frameRate) : "—"],
              [t("clips.details.duration"), formatDuration(clip.durationSeconds)],
              [t("clips.details.orientation"), terms.orientation(clip.orientation), "capitalize"],
              [
                t("clips.details.originalFile"),
                details?.fileSizeBytes ? formatFileSize(details.fileSizeBytes, tag) : "—",
              ],
              [t("clips.details.codec"), details?.codec ?? "—", "capitalize"],
              [t("clips.details.colorTone"), terms.tone(clip.colorTone), "capitalize"],
              [t("clips.details.mood"), terms.mood(clip.mood), "capitalize"],
            ].map(([label, value, textCase = ""]) => (
              <div key={label} className="rounded-xl bg-zinc-100 px-3 py-2 dark:bg-zinc-900">
                <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
                <dd className={`font-medium ${textCase}`}>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800">
            <p className="font-semibold">{t("clips.licenses.heading")}</p>
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">
              {clip.license === "extended" ? t("clips.licenses.extended") : t("clips.licenses.standard")}{" "}
              {rich("clips.licenses.covers", {
                link: (chunks) => (
                  <Link
                    to="/licensing"
                    className="font-semibold text-brand-700 underline dark:text-brand-400"
                  >
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </div>
          <MoreLikeThis details={details} />
          {details?.tags.length ? (
            <nav aria-label={t("clips.page.tags")}>
              <ul className="flex flex-wrap gap-2">
                {details.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/videos${exploreSearch({ q: tag })}`}
                      className="inline-flex rounded-full bg-zinc-100 px-3 py-1 text-xs font-medium text-zinc-800 hover:bg-brand-50 hover:text-brand-800 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-brand-950"
                    >
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <PersonalRegion name="save">
              <SaveMenu
                key={clip.id}
                clipId={clip.id}
                initialSaved={saved}
                loginHref={loginHref}
                saveOnArrival={saveOnArrival}
                collections={collections}
              />
            </PersonalRegion>
            {/* The licensing domain's dialog page decides: sign in, choose a plan, or pick a file. */}
            <Link to={downloadPath(clip.id)} className={buttonClass("primary")} data-testid="download-button">
              <DownloadIcon />
              {t("clips.page.download")}
            </Link>
          </div>
          <Link
            to={`/profile/${clip.creatorId}`}
            className="flex items-center gap-3 rounded-2xl border border-zinc-200 p-4 transition hover:border-brand-500 dark:border-zinc-800 dark:hover:border-brand-500"
          >
            <Avatar name={clip.creatorName} url={clip.creatorAvatarUrl} size={48} />
            <span className="min-w-0">
              <span className="flex items-center gap-2">
                <span className="truncate font-semibold">{clip.creatorName}</span>
                <InlineRoleBadge role={clip.creatorRole} />
              </span>
              {clip.creatorUsername ? (
                <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">
                  @{clip.creatorUsername}
                </span>
              ) : null}
            </span>
          </Link>
          <p className="text-sm">
            <Link
              to={`${clipPath(clip.id)}/report`}
              className="text-zinc-600 underline-offset-4 hover:underline dark:text-zinc-400"
            >
              {t("clips.page.report")}
            </Link>
          </p>
        </aside>
      </div>
      {similar.length ? (
        <section aria-labelledby="similar-clips" className="mt-12">
          <h2 id="similar-clips" className="mb-4 text-xl font-bold tracking-tight">
            {t("clips.page.similar")}
          </h2>
          <JustifiedGrid clips={similar}>{(item) => <GridCard clip={item} />}</JustifiedGrid>
        </section>
      ) : null}
      {more.length ? (
        <section aria-labelledby="more-from-creator" className="mt-12">
          <h2 id="more-from-creator" className="mb-4 text-xl font-bold tracking-tight">
            {t("clips.page.moreFrom", { name: clip.creatorName })}
          </h2>
          <JustifiedGrid clips={more}>{(item) => <GridCard clip={item} />}</JustifiedGrid>
        </section>
      ) : null}
      <script
        type="application/ld+json"
        // JSON-LD is a data block (never executed), so it needs no CSP nonce; `<` is escaped.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }}
      />
    </main>
  );
}
