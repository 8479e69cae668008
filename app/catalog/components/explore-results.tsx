import { lazy, Suspense, useState } from "react";
import { Link } from "~/components/link";
import { type I18n, useI18n, useT } from "~/platform/i18n/i18n";
import type { CatalogClip, ClipPage, Facet } from "../clips/catalog-clip";
import { clipPath } from "../clips/clip-id";
import { type ExploreQuery, exploreSearch } from "../search/explore-url";
import { DurationBadge, GridCard, GridMedia, JustifiedGrid, useHoverActive } from "./clip-grid";
import { type Terms, useTerms } from "./term-labels";

// The overlay (Radix Dialog and Tooltip, ~18 KB compressed) loads with the first preview, not with the
// page: it kept /videos' first-load JavaScript over its budget.
const PreviewDialog = lazy(() =>
  import("./preview-dialog").then((module) => ({ default: module.PreviewDialog })),
);

/** A result: the poster opens the preview overlay, the title opens the clip page. */
function ResultCard({ clip, onPreview }: { clip: CatalogClip; onPreview: (opener: HTMLElement) => void }) {
  const { active, handlers } = useHoverActive();
  const t = useT();
  const terms = useTerms();
  return (
    <div className="group" {...handlers}>
      <div className="relative">
        <button
          type="button"
          onClick={(event) => onPreview(event.currentTarget)}
          aria-label={t("catalog.results.preview", { title: clip.title })}
          className="block w-full rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <GridMedia clip={clip} active={active} />
        </button>
        {/* Outside the button, so its accessible name is exactly its label. */}
        <DurationBadge seconds={clip.durationSeconds} />
        <span className="pointer-events-none absolute top-2 left-2 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white capitalize">
          {terms.license(clip.license)}
        </span>
      </div>
      {/* The link truncates, not the heading: a clipping heading would cut off the link's focus ring. */}
      <h3 className="mt-1.5 text-sm font-semibold">
        <Link
          to={clipPath(clip.id)}
          className="block truncate rounded-sm hover:text-brand-700 dark:hover:text-brand-400"
        >
          {clip.title}
        </Link>
      </h3>
      <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
        {t("catalog.results.byline", {
          niche: terms.niche(clip.nicheId, clip.nicheName),
          creator: clip.creatorName,
        })}
      </p>
    </div>
  );
}

export function EmptyResults({ resetTo }: { resetTo: string }) {
  const t = useT();
  return (
    <div className="rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
      <h3 className="text-lg font-semibold">{t("catalog.results.emptyTitle")}</h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("catalog.results.emptyText")}</p>
      <Link
        to={resetTo}
        className="mt-5 inline-flex rounded-full border border-zinc-300 px-5 py-2 text-sm font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {t("catalog.results.resetFilters")}
      </Link>
    </div>
  );
}

export interface NoResultsHelp {
  niches: { id: string; name: string }[];
  popular: CatalogClip[];
}

/** No dead end: related niches and popular clips instead of an empty page. */
export function NoResults({
  help,
  resetTo,
  showEmpty = true,
}: {
  help: NoResultsHelp;
  resetTo: string;
  showEmpty?: boolean;
}) {
  const t = useT();
  const terms = useTerms();
  return (
    <div className="space-y-8" data-testid={showEmpty ? "no-results" : undefined}>
      {showEmpty ? <EmptyResults resetTo={resetTo} /> : null}
      {help.niches.length ? (
        <div>
          <h3 className="mb-3 text-base font-semibold">{t("catalog.results.tryNiche")}</h3>
          <ul className="flex flex-wrap gap-2">
            {help.niches.map((niche) => (
              <li key={niche.id}>
                <Link
                  to={`/videos${exploreSearch({ niche: [niche.id] })}`}
                  className="inline-flex rounded-full border border-zinc-300 px-4 py-1.5 text-sm font-medium hover:border-brand-500 dark:border-zinc-700"
                >
                  {terms.niche(niche.id, niche.name)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {help.popular.length ? (
        <div>
          <h3 className="mb-3 text-base font-semibold">{t("catalog.results.popular")}</h3>
          <JustifiedGrid clips={help.popular} label={t("catalog.results.popular")}>
            {(clip) => <GridCard clip={clip} />}
          </JustifiedGrid>
        </div>
      ) : null}
    </div>
  );
}

/** "1 video", "240 videos", "10,000+ videos" in the page's language. */
export const formatTotal = (t: I18n["t"], result: Pick<ClipPage, "total" | "capped">) =>
  t("catalog.results.count", { count: result.total, capped: result.capped ? "yes" : "no" });

/**
 * What the results are, as their heading says it: the words searched, else the chosen niche,
 * sub-niche and filters by their labels ("Technology videos", "Portrait · 4K videos"), and "All
 * videos" only when nothing narrows the catalogue.
 */
export function resultsHeading(
  t: I18n["t"],
  terms: Terms,
  query: Pick<ExploreQuery, "q" | "sub">,
  correctedQuery: string | null | undefined,
  facets: Facet[],
) {
  if (query.q) return t("catalog.results.headingQuery", { query: correctedQuery ?? query.q });
  const chosen = facets.flatMap((facet) =>
    facet.values.filter((value) => value.selected).map((value) => terms.value(facet.name, value)),
  );
  const labels = [...chosen, ...(query.sub ? [terms.subNiche(query.sub)] : [])];
  return labels.length > 0
    ? t("catalog.results.headingFiltered", { labels: labels.join(" · ") })
    : t("catalog.results.headingAll");
}

/** "Showing results for ocean. Search instead for oceam." */
export function CorrectionNotice({
  result,
  query,
  basePath,
}: {
  result: ClipPage;
  query: ExploreQuery;
  basePath: string;
}) {
  const { rich } = useI18n();
  if (!result.correctedQuery) return null;
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="correction">
      {rich("catalog.results.correction", {
        corrected: result.correctedQuery,
        query: query.q,
        em: (text) => (
          <em key="corrected" className="font-semibold">
            {text}
          </em>
        ),
        original: (text) => (
          <Link
            key="original"
            to={`${basePath}${exploreSearch({ ...query, exact: true, page: 1 })}`}
            className="font-semibold text-brand-700 underline dark:text-brand-400"
          >
            <em>{text}</em>
          </Link>
        ),
      })}
    </p>
  );
}

export function Pagination({ result, link }: { result: ClipPage; link: (page: number) => string }) {
  const t = useT();
  const { page, pageCount } = result;
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={t("catalog.results.pages")}
      className="mt-8 flex items-center justify-center gap-3 text-sm"
    >
      {page > 1 ? (
        <Link
          to={link(page - 1)}
          rel="prev"
          className="rounded-full border border-zinc-300 px-4 py-2 font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t("catalog.results.previous")}
        </Link>
      ) : null}
      <span className="text-zinc-600 dark:text-zinc-400">
        {t("catalog.results.pageOf", { page, pageCount })}
      </span>
      {page < pageCount ? (
        <Link
          to={link(page + 1)}
          rel="next"
          className="rounded-full border border-zinc-300 px-4 py-2 font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t("catalog.results.next")}
        </Link>
      ) : null}
    </nav>
  );
}

export function ExploreResults({
  result,
  query,
  help,
  facets = [],
  basePath = "/videos",
}: {
  result: ClipPage;
  query: ExploreQuery;
  help: NoResultsHelp | null;
  /** The filters with their labels: the heading names the chosen ones. */
  facets?: Facet[];
  basePath?: string;
}) {
  const t = useT();
  const terms = useTerms();
  const [preview, setPreview] = useState<CatalogClip | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Mounted from the first preview on, so it stays mounted to close (and return focus) itself.
  const opened = preview !== null || opener !== null;
  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="results-heading" className="text-xl font-bold tracking-tight">
          {resultsHeading(t, terms, query, result.correctedQuery, facets)}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="result-count" aria-live="polite">
          {formatTotal(t, result)}
        </p>
      </div>
      <CorrectionNotice result={result} query={query} basePath={basePath} />
      {result.clips.length === 0 ? (
        help ? (
          <NoResults help={help} resetTo={basePath} />
        ) : (
          <EmptyResults resetTo={basePath} />
        )
      ) : (
        <JustifiedGrid clips={result.clips} label={t("catalog.results.label")}>
          {(clip) => (
            <ResultCard
              clip={clip}
              onPreview={(element) => {
                setOpener(element);
                setPreview(clip);
              }}
            />
          )}
        </JustifiedGrid>
      )}
      <Pagination result={result} link={(page) => `${basePath}${exploreSearch({ ...query, page }) || "?"}`} />
      {opened ? (
        <Suspense fallback={null}>
          <PreviewDialog clip={preview} opener={opener} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
