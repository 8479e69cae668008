import { useEffect, useState } from "react";
import { Link } from "~/components/link";
import {
  HOME_PREVIEW_SCROLL_S,
  PREVIEW_HIGHLIGHT_MS,
  PREVIEW_PLAY_VISIBILITY,
  PREVIEW_START_STAGGER_MS,
} from "~/constants";
import { useT } from "~/platform/i18n/i18n";
import { AutoplayVideo } from "./autoplay-video";
import { Marquee } from "./marquee";

export interface PreviewClip {
  id: number;
  title: string;
  thumbnailUrl: string;
  videoUrl: string;
}

/** One preview: opens the clip like every other card does (same tab); a hover or click lights it green for 300 ms. */
function Preview({ clip, copy }: { clip: PreviewClip; copy: number }) {
  const [lit, setLit] = useState(false);
  useEffect(() => {
    if (!lit) return;
    const timer = setTimeout(() => setLit(false), PREVIEW_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [lit]);
  return (
    <Link
      to={`/video/${clip.id}`}
      tabIndex={copy > 0 ? -1 : undefined}
      onMouseEnter={() => setLit(true)}
      onClick={() => setLit(true)}
      data-preview-id={clip.id}
      data-highlighted={lit ? "true" : "false"}
      className={`relative block h-[158px] w-[280px] shrink-0 overflow-hidden rounded-xl bg-zinc-200 ring-offset-2 ring-offset-white transition-shadow duration-300 sm:h-[180px] sm:w-[320px] dark:bg-zinc-800 dark:ring-offset-zinc-950 ${
        lit ? "ring-4 ring-brand-500" : "ring-0"
      }`}
    >
      <AutoplayVideo
        src={clip.videoUrl}
        poster={clip.thumbnailUrl}
        threshold={PREVIEW_PLAY_VISIBILITY}
        startDelayMs={PREVIEW_START_STAGGER_MS * clip.id}
        className="size-full object-cover"
      />
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent p-3 text-left text-sm font-semibold text-white">
        {clip.title}
      </span>
    </Link>
  );
}

/** Section 2: two endless rows moving in opposite directions. */
export function PreviewRows({
  top,
  bottom,
  clipCount,
}: {
  top: PreviewClip[];
  bottom: PreviewClip[];
  clipCount: number;
}) {
  const t = useT();
  return (
    <section aria-labelledby="preview-caption" className="space-y-4 pt-4 pb-12">
      {[top, bottom].map((row, index) => (
        <Marquee
          key={index === 0 ? "top" : "bottom"}
          durationS={HOME_PREVIEW_SCROLL_S}
          reverse={index === 1}
          gapClass="gap-4 pr-4 py-2"
        >
          {(copy) => row.map((clip) => <Preview key={clip.id} clip={clip} copy={copy} />)}
        </Marquee>
      ))}
      <p
        id="preview-caption"
        className="px-4 pt-4 text-center text-lg font-semibold text-zinc-700 dark:text-zinc-300"
      >
        {t("catalog.home.previewCaption", { count: clipCount })}
      </p>
    </section>
  );
}
