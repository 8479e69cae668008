import type { ReactNode } from "react";
import { PREVIEW_REPEAT } from "../../catalog-content";

/**
 * An endless horizontal strip: the content is rendered three times and the track moves by one
 * third (app.css keyframes), so the loop has no seam. Copies after the first are hidden from
 * assistive technology. Hovering pauses it; with prefers-reduced-motion it stands still and scrolls
 * by hand instead.
 */
export function Marquee({
  children,
  durationS,
  reverse = false,
  gapClass,
}: {
  children: (copy: number) => ReactNode;
  durationS: number;
  reverse?: boolean;
  gapClass: string;
}) {
  return (
    <div className="overflow-hidden motion-reduce:overflow-x-auto [mask-image:linear-gradient(to_right,transparent,black_4%,black_96%,transparent)]">
      <div
        className={`flex w-max hover:[animation-play-state:paused] motion-reduce:animate-none ${
          reverse ? "animate-marquee-reverse" : "animate-marquee"
        }`}
        style={{ "--marquee-duration": `${durationS}s` } as React.CSSProperties}
        data-testid="marquee-track"
      >
        {Array.from({ length: PREVIEW_REPEAT }, (_, copy) => (
          <div key={copy} className={`flex shrink-0 ${gapClass}`} aria-hidden={copy > 0 ? true : undefined}>
            {children(copy)}
          </div>
        ))}
      </div>
    </div>
  );
}
