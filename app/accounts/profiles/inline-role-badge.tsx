import { PRODUCT_NAME } from "~/constants";
import { useT } from "~/platform/i18n/i18n";
import type { Role } from "../people/roles";
import { ROLE_BADGES } from "../people/roles";

const TONES = {
  green:
    "bg-brand-100 text-brand-800 ring-brand-300 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800",
  blue: "bg-blue-100 text-blue-800 ring-blue-300 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800",
} as const;

export type RoleBadgeSize = "sm" | "md";

export function roleBadgeClassName(role: Exclude<Role, "user">, size: RoleBadgeSize) {
  return `inline-flex items-center gap-1 rounded-full font-semibold ring-1 ${TONES[ROLE_BADGES[role].tone]} ${
    size === "md" ? "px-2.5 py-1 text-xs" : "px-2 py-0.5 text-[11px]"
  }`;
}

/** A badge's label and tooltip in the page's language (ROLE_BADGES holds the English). */
export function useRoleBadgeText(role: Exclude<Role, "user">): { label: string; tooltip: string } {
  const t = useT();
  const values = { product: PRODUCT_NAME };
  return role === "developer"
    ? { label: t("common.roles.developer"), tooltip: t("common.roles.developerTooltip", values) }
    : { label: t("common.roles.creator"), tooltip: t("common.roles.creatorTooltip", values) };
}

/** The badge's seal and label, the same inside and outside links. */
export function RoleBadgeFace({ role }: { role: Exclude<Role, "user"> }) {
  const { label } = useRoleBadgeText(role);
  return (
    <>
      <svg viewBox="0 0 20 20" className="size-3" fill="currentColor" aria-hidden>
        <path d="M10 1.5 12.4 4l3.4-.3.4 3.4L19 9.5 17 12l.4 3.4-3.4.4L12 19l-2-1.5L8 19l-2-3.2-3.4-.4L3 12 1 9.5l2.8-2.4.4-3.4 3.4.3L10 1.5Zm3.2 6.2a.8.8 0 0 0-1.2-1l-3 3.4-1.3-1.3a.8.8 0 1 0-1.2 1.2l2 1.9a.8.8 0 0 0 1.2 0l3.5-4.2Z" />
      </svg>
      {label}
    </>
  );
}

/**
 * The developer (green) or creator (blue) badge inside a link or a button, where it cannot be
 * interactive itself: the tooltip text becomes its title and its accessible description. Its own
 * module, so pages that only show it here do not load the tooltip library `RoleBadge` needs.
 */
export function InlineRoleBadge({ role, size = "sm" }: { role: Role; size?: RoleBadgeSize }) {
  if (role === "user") return null;
  return <InlineBadge role={role} size={size} />;
}

function InlineBadge({ role, size }: { role: Exclude<Role, "user">; size: RoleBadgeSize }) {
  const badge = { ...ROLE_BADGES[role], ...useRoleBadgeText(role) };
  return (
    <span
      title={badge.tooltip}
      data-testid="role-badge"
      data-tone={badge.tone}
      className={roleBadgeClassName(role, size)}
    >
      <RoleBadgeFace role={role} />
      <span className="sr-only">: {badge.tooltip}</span>
    </span>
  );
}
