import * as Tooltip from "@radix-ui/react-tooltip";
import type { Role } from "../people/roles";
import { ROLE_BADGES } from "../people/roles";
import { RoleBadgeFace, type RoleBadgeSize, roleBadgeClassName, useRoleBadgeText } from "./inline-role-badge";

/**
 * Developer (green) and creator (blue) badges on their own: a button with a tooltip; users have
 * none. Inside a link or a button use `InlineRoleBadge`.
 */
export function RoleBadge({ role, size = "sm" }: { role: Role; size?: RoleBadgeSize }) {
  if (role === "user") return null;
  return <Badge role={role} size={size} />;
}

function Badge({ role, size }: { role: Exclude<Role, "user">; size: RoleBadgeSize }) {
  const badge = { ...ROLE_BADGES[role], ...useRoleBadgeText(role) };
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            data-testid="role-badge"
            data-tone={badge.tone}
            aria-label={`${badge.label}: ${badge.tooltip}`}
            className={roleBadgeClassName(role, size)}
          >
            <RoleBadgeFace role={role} />
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
