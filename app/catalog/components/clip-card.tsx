import { Link } from "~/components/link";
import type { ClipSummary } from "../clips/clip-summary";
import { useTerms } from "./term-labels";

export function formatDuration(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A clip in a grid: poster (sized before it loads), title, duration and license. */
export function ClipCard({ clip }: { clip: ClipSummary }) {
  const terms = useTerms();
  return (
    <Link
      to={`/video/${clip.id}`}
      className="group block overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="relative aspect-video bg-zinc-100 dark:bg-zinc-800">
        <img
          src={clip.thumbnailUrl}
          alt=""
          loading="lazy"
          width={640}
          height={360}
          className="size-full object-cover transition group-hover:scale-[1.02]"
        />
        <span className="absolute right-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">
          {formatDuration(clip.durationSeconds)}
        </span>
      </div>
      <div className="flex items-center justify-between gap-2 p-3">
        <h3 className="truncate text-sm font-semibold">{clip.title}</h3>
        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 capitalize dark:bg-brand-950 dark:text-brand-200">
          {terms.license(clip.license)}
        </span>
      </div>
    </Link>
  );
}
