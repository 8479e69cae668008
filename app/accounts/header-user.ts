import type { Role } from "./roles";

/** What the header needs to know about the signed-in person. */
export interface HeaderUser {
  id: string;
  displayName: string;
  role: Role;
  avatarUrl: string | null;
}
