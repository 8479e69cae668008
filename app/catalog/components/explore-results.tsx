import { useState } from "react";
import { Link } from "react-router";
import type { CatalogClip, ClipPage } from "../catalog-clip";
import { EMPTY_TEXT, EMPTY_TITLE, RESET_FILTERS } from "../catalog-content";
import { type ExploreQuery, exploreSearch } from "../explore-url";
import { formatDuration } from "./clip-card";
import { PreviewDialog } from "./preview-dialog";

/** A result: the poster opens the preview overlay, the title opens the clip page. */
function ResultCard({ clip, onPreview }: { clip: CatalogClip; onPreview: (opener: HTMLElement) => void }) {
  return (
    <li className="group overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm transition hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900">
      <div className="relative">
        <button
          type="button"
          onClick={(event) => onPreview(event.currentTarget)}
          aria-label={`Preview ${clip.title}`}
          className="relative block aspect-video w-full overflow-hidden bg-zinc-900"
        >
          <img
            src={clip.thumbnailUrl}
            alt=""
            loading="lazy"
            width={clip.width}
            height={clip.height}
            className="size-full object-cover transition group-hover:scale-[1.03]"
          />
          <span
            className="absolute inset-0 grid place-items-center opacity-0 transition group-hover:opacity-100"
            aria-hidden
          >
            <span className="grid size-12 place-items-center rounded-full bg-white/90 text-brand-800 shadow">
              <svg viewBox="0 0 24 24" className="ml-0.5 size-5" fill="currentColor">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
          </span>
        </button>
        {/* Outside the button, so its accessible name is exactly its label. */}
        <span className="pointer-events-none absolute right-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">
          {formatDuration(clip.durationSeconds)}
        </span>
        <span className="pointer-events-none absolute top-2 left-2 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white capitalize">
          {clip.orientation}
        </span>
      </div>
      <div className="p-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="truncate text-sm font-semibold">
            <Link to={`/video/${clip.id}`} className="hover:text-brand-700 dark:hover:text-brand-400">
              {clip.title}
            </Link>
          </h3>
          <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 capitalize dark:bg-brand-950 dark:text-brand-200">
            {clip.license}
          </span>
        </div>
        <p className="mt-1 truncate text-xs text-zinc-600 dark:text-zinc-400">
          {clip.nicheName} · by {clip.creatorName}
        </p>
      </div>
    </li>
  );
}

export function EmptyResults({ resetTo }: { resetTo: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700">
      <svg
        viewBox="0 0 24 24"
        className="mx-auto size-10 text-zinc-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden
      >
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m10 9 5 3-5 3z" />
      </svg>
      <h3 className="mt-4 text-lg font-semibold">{EMPTY_TITLE}</h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{EMPTY_TEXT}</p>
      <Link
        to={resetTo}
        className="mt-6 inline-flex rounded-full border border-zinc-300 px-5 py-2 text-sm font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {RESET_FILTERS}
      </Link>
    </div>
  );
}

export function ExploreResults({ result, query }: { result: ClipPage; query: ExploreQuery }) {
  const [preview, setPreview] = useState<CatalogClip | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const { clips, total, page, pageCount } = result;
  return (
    <section aria-labelledby="results-heading">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id="results-heading" className="text-xl font-bold tracking-tight">
          {query.q ? `Results for “${query.q}”` : "All videos"}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="result-count" aria-live="polite">
          {total}
          {result.capped ? "+" : ""} {total === 1 ? "video" : "videos"}
        </p>
      </div>
      {clips.length === 0 ? (
        <EmptyResults resetTo="/videos" />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {clips.map((clip) => (
            <ResultCard
              key={clip.id}
              clip={clip}
              onPreview={(element) => {
                setOpener(element);
                setPreview(clip);
              }}
            />
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Result pages" className="mt-8 flex items-center justify-center gap-3 text-sm">
          {page > 1 ? (
            <Link
              to={exploreSearch({ ...query, page: page - 1 }) || "?"}
              className="rounded-full border border-zinc-300 px-4 py-2 font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Previous
            </Link>
          ) : null}
          <span className="text-zinc-600 dark:text-zinc-400">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link
              to={exploreSearch({ ...query, page: page + 1 })}
              className="rounded-full border border-zinc-300 px-4 py-2 font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
      <PreviewDialog clip={preview} opener={opener} onClose={() => setPreview(null)} />
    </section>
  );
}
