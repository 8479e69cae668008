import { useCallback, useEffect, useRef, useState } from "react";

/** How far outside the viewport a video starts fetching, so it is ready when it scrolls in. */
const NEAR_MARGIN = "0px 320px 200px 320px";

export function prefersReducedMotion() {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A muted looping video that shows its poster first, gets a source only when it comes near the
 * viewport, plays only while at least `threshold` of it is visible (after `startDelayMs` from mount)
 * and pauses off screen. With prefers-reduced-motion it never autoplays: the poster stays.
 */
export function AutoplayVideo({
  src,
  poster,
  threshold,
  startDelayMs = 0,
  className = "",
}: {
  src: string;
  poster: string;
  threshold: number;
  startDelayMs?: number;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [source, setSource] = useState<string | undefined>();
  // Visible enough and past its start delay; kept outside state so observers never re-render.
  const state = useRef({ visible: false, delayElapsed: startDelayMs === 0 });

  const playIfWanted = useCallback(() => {
    const video = ref.current;
    // Without a source yet there is nothing to play: the source effect below calls this again.
    if (!video?.getAttribute("src")) return;
    if (state.current.visible && state.current.delayElapsed) video.play().catch(() => {});
    else video.pause();
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!video || prefersReducedMotion()) return;
    const timer = setTimeout(() => {
      state.current.delayElapsed = true;
      playIfWanted();
    }, startDelayMs);
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSource(src);
          near.disconnect();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          state.current.visible = entry.isIntersecting && entry.intersectionRatio >= threshold;
          playIfWanted();
        }
      },
      { threshold: [0, threshold] },
    );
    near.observe(video);
    seen.observe(video);
    return () => {
      clearTimeout(timer);
      near.disconnect();
      seen.disconnect();
    };
  }, [src, threshold, startDelayMs, playIfWanted]);

  useEffect(() => {
    if (source) playIfWanted();
  }, [source, playIfWanted]);

  return (
    <video
      ref={ref}
      src={source}
      poster={poster}
      muted
      loop
      playsInline
      preload="none"
      aria-hidden
      tabIndex={-1}
      data-loaded={source ? "true" : "false"}
      className={className}
    />
  );
}
