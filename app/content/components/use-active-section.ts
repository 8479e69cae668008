import { useCallback, useEffect, useRef, useState } from "react";

/** Slack so a section scrolled to exactly the offset (or a pixel short of it) counts as reached. */
const REACHED_SLACK_PX = 12;

/**
 * The section being read: the last one whose top has reached `offset` px from the top of the
 * viewport. `tops` are the sections' viewport tops, in document order.
 */
export function pickActiveSection(ids: readonly string[], tops: readonly number[], offset: number) {
  let active = ids[0];
  tops.forEach((top, index) => {
    if (top - offset <= REACHED_SLACK_PX) active = ids[index];
  });
  return active;
}

/**
 * Tracks which section the reader is in while they scroll. `pin(id)` marks a section chosen in the
 * table of contents, which stays highlighted at the bottom of the page until the reader scrolls.
 */
export function useActiveSection(ids: readonly string[], offset: number) {
  const [active, setActive] = useState(ids[0]);
  const pinned = useRef<string | null>(null);

  const update = useCallback(() => {
    const tops = ids.map((id) => document.getElementById(id)?.getBoundingClientRect().top ?? Infinity);
    let next = pickActiveSection(ids, tops, offset);
    const atBottom =
      window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - REACHED_SLACK_PX;
    // The last short sections never reach the offset because the page ends first: at the very
    // bottom the reader is on the last one, or on the one they just chose.
    if (atBottom) next = pinned.current ?? ids[ids.length - 1];
    setActive(next);
  }, [ids, offset]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    // Only the reader's own scrolling releases a pinned entry, not the smooth scroll we started.
    const release = () => {
      pinned.current = null;
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    window.addEventListener("hashchange", onScroll);
    window.addEventListener("wheel", release, { passive: true });
    window.addEventListener("touchmove", release, { passive: true });
    window.addEventListener("keydown", release);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      window.removeEventListener("hashchange", onScroll);
      window.removeEventListener("wheel", release);
      window.removeEventListener("touchmove", release);
      window.removeEventListener("keydown", release);
    };
  }, [update]);

  const pin = useCallback((id: string) => {
    pinned.current = id;
    setActive(id);
  }, []);

  return { active, pin };
}
