import type { Role, Theme } from "./roles";

/** The signed-in person as the pages need them. */
export interface SessionUser {
  id: string;
  email: string;
  username: string | null;
  fullName: string;
  avatarUrl: string | null;
  role: Role;
  themePreference: Theme | null;
}

/**
 * The user of this request, or null. Placeholder until better-auth sessions are wired in
 * (accounts issue): nobody is signed in yet.
 */
export async function getOptionalUser(_request: Request): Promise<SessionUser | null> {
  return null;
}
