import type { Role, Theme } from "../people/roles";

/** What the header needs to know about the signed-in person. */
export interface HeaderUser {
  id: string;
  displayName: string;
  role: Role;
  avatarUrl: string | null;
  /** The theme saved to their profile, which wins over the browser's (see use-account-theme.ts). */
  theme: Theme | null;
}
