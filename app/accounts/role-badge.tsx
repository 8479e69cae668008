import * as Tooltip from "@radix-ui/react-tooltip";
import type { Role } from "./roles";
import { ROLE_BADGES } from "./roles";

const TONES = {
  green:
    "bg-brand-100 text-brand-800 ring-brand-300 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800",
  blue: "bg-blue-100 text-blue-800 ring-blue-300 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800",
} as const;

/**
 * Developer (green) and creator (blue) badges; users have none. Alone, the badge is a button with a
 * tooltip. Inside a link or a button (`tooltip={false}`) it cannot be interactive itself, so the
 * tooltip text becomes its title and its accessible description.
 */
export function RoleBadge({
  role,
  size = "sm",
  tooltip = true,
}: {
  role: Role;
  size?: "sm" | "md";
  tooltip?: boolean;
}) {
  if (role === "user") return null;
  const badge = ROLE_BADGES[role];
  const className = `inline-flex items-center gap-1 rounded-full font-semibold ring-1 ${TONES[badge.tone]} ${
    size === "md" ? "px-2.5 py-1 text-xs" : "px-2 py-0.5 text-[11px]"
  }`;
  const face = (
    <>
      <svg viewBox="0 0 20 20" className="size-3" fill="currentColor" aria-hidden>
        <path d="M10 1.5 12.4 4l3.4-.3.4 3.4L19 9.5 17 12l.4 3.4-3.4.4L12 19l-2-1.5L8 19l-2-3.2-3.4-.4L3 12 1 9.5l2.8-2.4.4-3.4 3.4.3L10 1.5Zm3.2 6.2a.8.8 0 0 0-1.2-1l-3 3.4-1.3-1.3a.8.8 0 1 0-1.2 1.2l2 1.9a.8.8 0 0 0 1.2 0l3.5-4.2Z" />
      </svg>
      {badge.label}
    </>
  );
  if (!tooltip) {
    return (
      <span title={badge.tooltip} data-testid="role-badge" data-tone={badge.tone} className={className}>
        {face}
        <span className="sr-only">: {badge.tooltip}</span>
      </span>
    );
  }
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            data-testid="role-badge"
            data-tone={badge.tone}
            aria-label={`${badge.label}: ${badge.tooltip}`}
            className={className}
          >
            {face}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-[80] rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
          >
            {badge.tooltip}
            <Tooltip.Arrow className="fill-zinc-900 dark:fill-zinc-100" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
