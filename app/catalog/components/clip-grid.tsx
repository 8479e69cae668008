import { type ReactNode, useState } from "react";
import { Link } from "~/components/link";
import type { CatalogClip } from "../clips/catalog-clip";
import { clipPath } from "../clips/clip-id";
import { formatDuration } from "./clip-card";
import { HoverPreview } from "./hover-preview";

export type GridClip = Pick<
  CatalogClip,
  | "id"
  | "title"
  | "thumbnailUrl"
  | "videoUrl"
  | "previewUrl"
  | "previewSmallUrl"
  | "storyboardUrl"
  | "durationSeconds"
  | "width"
  | "height"
  | "license"
>;

/**
 * A justified grid: every card keeps its clip's aspect ratio (portrait clips are not cropped) and
 * each row fills the width. Pure CSS from the sizes the server knows, so nothing shifts on load:
 * a card grows in proportion to its ratio from a basis of ratio × row height.
 */
export function JustifiedGrid<T extends GridClip>({
  clips,
  children,
  label,
}: {
  clips: T[];
  children: (clip: T) => ReactNode;
  label?: string;
}) {
  return (
    <ul
      aria-label={label}
      className="flex flex-wrap gap-3 [--row:150px] sm:[--row:190px] lg:[--row:220px]"
      data-testid="clip-grid"
    >
      {clips.map((clip) => {
        const ratio = clip.width / clip.height;
        return (
          <li
            key={clip.id}
            style={{ flexGrow: ratio * 100, flexBasis: `calc(var(--row) * ${ratio.toFixed(4)})` }}
            className="max-w-full min-w-0"
          >
            {children(clip)}
          </li>
        );
      })}
      {/* Takes the last row's free space, so its cards keep their height instead of stretching. */}
      <li aria-hidden style={{ flexGrow: 1e9 }} className="h-0" />
    </ul>
  );
}

/** The duration over a card's media (outside any button, so the button's name stays its label). */
export function DurationBadge({ seconds }: { seconds: number }) {
  return (
    <span className="pointer-events-none absolute right-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">
      {formatDuration(seconds)}
    </span>
  );
}

/** The media box of a grid card: poster, and on hover or focus the small preview. */
export function GridMedia({
  clip,
  active,
  children,
}: {
  clip: GridClip;
  active: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className="relative w-full overflow-hidden rounded-xl bg-zinc-200 dark:bg-zinc-800"
      style={{ aspectRatio: `${clip.width} / ${clip.height}` }}
    >
      <img
        src={clip.thumbnailUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={clip.width}
        height={clip.height}
        className="absolute inset-0 size-full object-cover"
      />
      <HoverPreview
        active={active}
        src={clip.previewSmallUrl ?? clip.previewUrl ?? clip.videoUrl}
        storyboardUrl={clip.storyboardUrl}
        durationSeconds={clip.durationSeconds}
      />
      {children}
    </div>
  );
}

/** Hover and keyboard focus both start the preview; leaving or blurring stops it. */
export function useHoverActive() {
  const [active, setActive] = useState(false);
  return {
    active,
    handlers: {
      onPointerEnter: () => setActive(true),
      onPointerLeave: () => setActive(false),
      onFocus: () => setActive(true),
      onBlur: (event: React.FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setActive(false);
      },
    },
  };
}

/** A grid card that links to the clip page. */
export function GridCard({ clip }: { clip: GridClip }) {
  const { active, handlers } = useHoverActive();
  return (
    <Link to={clipPath(clip.id)} className="group block" {...handlers}>
      <GridMedia clip={clip} active={active}>
        <DurationBadge seconds={clip.durationSeconds} />
      </GridMedia>
      <span className="mt-1.5 block truncate text-sm font-semibold group-hover:text-brand-700 dark:group-hover:text-brand-400">
        {clip.title}
      </span>
    </Link>
  );
}
