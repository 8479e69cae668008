/**
 * Niche icons drawn as SVG, so they look the same everywhere (emoji render as empty boxes where no
 * emoji font is installed). Unknown niches get a generic tag.
 */
const PATHS: Record<string, string> = {
  // A cut gem.
  luxury: "M6 3h12l3 6-9 12L3 9zM3 9h18M9 3l3 6 3-6M12 9v12",
  // A laptop.
  technology: "M4 5h16v10H4zM2 19h20",
  // A leaf.
  nature: "M5 19C5 9 11 4 20 4c0 9-5 15-15 15zM5 19l8-8",
  // A figure sitting in a pose.
  wellness: "M12 4a2 2 0 1 0 0 .01M12 8v5M6 11l6 2 6-2M7 19l5-6 5 6M4 19h16",
  // A pan.
  food: "M3 11h12a0 0 0 0 1 0 0 6 6 0 0 1-6 6h0a6 6 0 0 1-6-6zM15 11h6",
  // A rising chart.
  business: "M4 20V4M4 20h16M7 15l4-4 3 3 5-6",
};
const FALLBACK = "M3 12V4h8l10 10-8 8zM7.5 7.5h.01";

export function NicheIcon({ id, className = "size-4" }: { id: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={PATHS[id] ?? FALLBACK} />
    </svg>
  );
}
