import { useEffect, useRef, useState } from "react";

/** One storyboard frame: which sprite and where in it. */
interface Frame {
  start: number;
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const storyboards = new Map<string, Promise<Frame[]>>();

/** Reads a WebVTT storyboard ("00:00:01.000 --> 00:00:02.000" then "sprite.jpg#xywh=0,0,160,90"). */
export function parseStoryboard(text: string, base: string): Frame[] {
  const frames: Frame[] = [];
  const seconds = (stamp: string) =>
    stamp
      .split(":")
      .map(Number)
      .reduce((sum, part) => sum * 60 + part, 0);
  const blocks = text.split(/\r?\n\r?\n/);
  for (const block of blocks) {
    const lines = block.split(/\r?\n/).filter(Boolean);
    const timing = lines.findIndex((line) => line.includes("-->"));
    const target = lines[timing + 1];
    if (timing < 0 || !target) continue;
    const match = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target.trim());
    if (!match) continue;
    frames.push({
      start: seconds(lines[timing].split("-->")[0].trim()),
      url: new URL(match[1], new URL(base, window.location.href)).href,
      x: Number(match[2]),
      y: Number(match[3]),
      w: Number(match[4]),
      h: Number(match[5]),
    });
  }
  return frames;
}

function loadStoryboard(url: string) {
  let frames = storyboards.get(url);
  if (!frames) {
    frames = fetch(url)
      .then((response) => (response.ok ? response.text() : ""))
      .then((text) => parseStoryboard(text, url))
      .catch(() => []);
    storyboards.set(url, frames);
  }
  return frames;
}

/**
 * The moving part of a grid card: nothing but the poster until the card is hovered or focused, then
 * the small preview plays (muted, looping); moving the pointer across scrubs through the storyboard
 * when the clip has one. No video byte is fetched before that.
 */
export function HoverPreview({
  active,
  src,
  storyboardUrl,
  durationSeconds,
}: {
  active: boolean;
  src: string;
  storyboardUrl: string | null;
  durationSeconds: number;
}) {
  const [frames, setFrames] = useState<Frame[]>([]);
  const [frame, setFrame] = useState<Frame | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!active || !storyboardUrl) return;
    let live = true;
    loadStoryboard(storyboardUrl).then((loaded) => {
      if (live) setFrames(loaded);
    });
    return () => {
      live = false;
    };
  }, [active, storyboardUrl]);

  useEffect(() => {
    if (!active) setFrame(null);
    return () => clearTimeout(idle.current);
  }, [active]);

  if (!active) return null;

  function scrub(event: React.PointerEvent<HTMLDivElement>) {
    if (frames.length === 0 || !box.current) return;
    const rect = box.current.getBoundingClientRect();
    const time = ((event.clientX - rect.left) / rect.width) * durationSeconds;
    const found = frames.findLast((item) => item.start <= time) ?? frames[0];
    setFrame(found);
    clearTimeout(idle.current);
    // Still for a moment: back to the playing preview.
    idle.current = setTimeout(() => setFrame(null), 700);
  }

  return (
    <div ref={box} onPointerMove={scrub} className="absolute inset-0" data-testid="hover-preview">
      <video
        src={src}
        autoPlay
        muted
        loop
        playsInline
        preload="auto"
        className="size-full object-cover"
        aria-hidden
      />
      {frame ? (
        <div
          aria-hidden
          className="absolute inset-0 bg-black"
          style={{
            backgroundImage: `url("${frame.url}")`,
            backgroundPosition: `-${frame.x}px -${frame.y}px`,
            width: frame.w,
            height: frame.h,
            transform: `scale(${(box.current?.clientWidth ?? frame.w) / frame.w})`,
            transformOrigin: "0 0",
          }}
        />
      ) : null}
    </div>
  );
}
