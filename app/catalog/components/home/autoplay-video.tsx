import { useEffect, useRef, useState } from "react";

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

  useEffect(() => {
    const video = ref.current;
    if (!video || prefersReducedMotion()) return;
    let visible = false;
    let delayElapsed = startDelayMs === 0;
    const play = () => {
      if (visible && delayElapsed) video.play().catch(() => {});
    };
    const timer = setTimeout(() => {
      delayElapsed = true;
      play();
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
          visible = entry.isIntersecting && entry.intersectionRatio >= threshold;
          if (visible) play();
          else video.pause();
        }
      },
      { threshold: [0, threshold] },
    );
    near.observe(video);
    seen.observe(video);
    video.addEventListener("loadeddata", play);
    return () => {
      clearTimeout(timer);
      near.disconnect();
      seen.disconnect();
      video.removeEventListener("loadeddata", play);
    };
  }, [src, threshold, startDelayMs]);

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
