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
export const ChevronDownIcon = (props: { className?: string }) => <StrokeIcon d="m6 9 6 6 6-6" {...props} />;
export const CloseIcon = (props: { className?: string }) => (
  <StrokeIcon d="M6 6l12 12M18 6 6 18" {...props} />
);
export const MenuIcon = (props: { className?: string }) => (
  <StrokeIcon d="M4 7h16M4 12h16M4 17h16" {...props} />
);
export const FiltersIcon = (props: { className?: string }) => (
  <StrokeIcon d="M4 6h16M7 12h10M10 18h4" {...props} />
);
export const SearchIcon = (props: { className?: string }) => (
  <StrokeIcon d="M18 11a7 7 0 1 1-14 0 7 7 0 0 1 14 0Zm2 9-3.5-3.5" {...props} />
);
export const SunIcon = (props: { className?: string }) => (
  <StrokeIcon
    d="M12 3v2m0 14v2m9-9h-2M5 12H3m15.364-6.364-1.414 1.414M7.05 16.95l-1.414 1.414m12.728 0-1.414-1.414M7.05 7.05 5.636 5.636M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z"
    {...props}
  />
);
export const MoonIcon = (props: { className?: string }) => (
  <StrokeIcon d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79Z" {...props} />
);
