import { PRODUCT_NAME } from "~/constants";

export const ROLES = ["user", "creator", "developer"] as const;
export type Role = (typeof ROLES)[number];

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Role badges: users have none. */
export const ROLE_BADGES = {
  developer: { label: "Developer", tooltip: `Official ${PRODUCT_NAME} Developer`, tone: "green" },
  creator: { label: "Creator", tooltip: `Certified ${PRODUCT_NAME} Creator`, tone: "blue" },
} as const satisfies Partial<Record<Role, { label: string; tooltip: string; tone: string }>>;
