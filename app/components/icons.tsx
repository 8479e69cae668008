/** Stroke icons (24 px grid) shared by pages; decorative, so hidden from screen readers. */
function StrokeIcon({ d, className = "size-4" }: { d: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d={d} />
    </svg>
  );
}

export const ChevronLeftIcon = (props: { className?: string }) => (
  <StrokeIcon d="M15 18 9 12l6-6" {...props} />
);
export const DownloadIcon = (props: { className?: string }) => (
  <StrokeIcon d="M12 4v12m0 0-5-5m5 5 5-5M5 20h14" {...props} />
);
