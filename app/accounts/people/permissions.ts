import type { Role } from "./roles";

/**
 * Who may do what: the one place to read it. Loaders and actions ask `requirePermission`
 * (permissions.server.ts); pages ask `can` only to decide what to show.
 */
export const PERMISSIONS = [
  /** Creator studio: upload clips and manage one's own. */
  "studio:use",
  /** Staff console: every `staff:*` permission is for role developer, the staff role. */
  "staff:access",
  "staff:review-clips",
  "staff:moderate-clips",
  "staff:manage-creators",
  "staff:manage-orders",
  "staff:manage-payouts",
  "staff:manage-messages",
  "staff:manage-promos",
  "staff:manage-plans",
  "staff:manage-users",
  "staff:manage-jobs",
  "staff:read-audit",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF_PERMISSIONS = PERMISSIONS.filter((permission) => permission.startsWith("staff:"));

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  user: [],
  creator: ["studio:use"],
  developer: ["studio:use", ...STAFF_PERMISSIONS],
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** Staff screens answer 404 to everyone else, so nobody learns they exist. */
export function isHiddenPermission(permission: Permission) {
  return permission.startsWith("staff:");
}
