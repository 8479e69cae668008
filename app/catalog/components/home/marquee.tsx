import type { ReactNode } from "react";
import { PREVIEW_REPEAT } from "../../clips/catalog-content";

/**
 * An endless horizontal strip: the content is rendered three times and the track moves by one
 * third (app.css keyframes), so the loop has no seam. Copies after the first are hidden from
 * assistive technology. Hovering pauses it; with prefers-reduced-motion it stands still and scrolls
 * by hand instead. While the keyboard is inside, it stands still at its start with its edges
 * unfaded, and the focused card is scrolled into view: a moving strip would carry the focus off
 * the screen. The padding and scroll padding leave room for the focus ring at the edges.
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
    // biome-ignore lint/a11y/noStaticElementInteractions: it only watches focus move in; its links are the controls
    <div
      // The strip stops only once focus is inside, after the browser chose whether to scroll.
      onFocus={(event) => event.target.scrollIntoView({ block: "nearest", inline: "nearest" })}
      className="overflow-hidden scroll-px-2 px-1 motion-reduce:overflow-x-auto [mask-image:linear-gradient(to_right,transparent,black_4%,black_96%,transparent)] focus-within:[mask-image:none]"
    >
      <div
        className={`flex w-max hover:[animation-play-state:paused] focus-within:animate-none motion-reduce:animate-none ${
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
