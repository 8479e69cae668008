import { ROLE_BADGES, type Role } from "~/accounts/roles";

/** The creator's role badge (users have none); the tooltip text is also its accessible description. */
export function RoleBadge({ role }: { role: Role }) {
  if (role === "user") return null;
  const badge = ROLE_BADGES[role];
  return (
    <span
      title={badge.tooltip}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        badge.tone === "green"
          ? "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-200"
          : "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200"
      }`}
    >
      <svg viewBox="0 0 20 20" className="size-3.5" fill="currentColor" aria-hidden>
        <path d="M10 1.5 12.4 4l3.4-.3.4 3.4L19 9.5l-2 2.8.3 3.4-3.4.6L12 19l-2-1.3L8 19l-1.9-2.7-3.4-.6.3-3.4-2-2.8L3.8 7l.4-3.4L7.6 4z" />
      </svg>
      {badge.label}
      <span className="sr-only">: {badge.tooltip}</span>
    </span>
  );
}

export function Avatar({ name, url, size = 40 }: { name: string; url: string | null; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return url ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden
      className="grid shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {initials || "?"}
    </span>
  );
}
