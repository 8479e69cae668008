import type { SessionUser } from "~/accounts/auth/session.server";
import type { ProfileDownloads, ProfileOrders } from "./profile-library";

/**
 * Where the profile's Downloads and Orders tabs come from. They are licensing's data, and catalog
 * may not import licensing (docs/architecture.md), so licensing registers its source here
 * (app/jobs.server.ts wires it, as with commerce's order documents) and the profile's loader renders
 * the open tab on the server.
 */
export interface ProfileLibrarySource {
  /** The signed-in owner's licensed clips. */
  downloads(owner: SessionUser): Promise<ProfileDownloads>;
  /** The signed-in owner's plans, subscriptions and orders. */
  orders(owner: SessionUser): Promise<ProfileOrders>;
}

let source: ProfileLibrarySource | null = null;

export function registerProfileLibrary(registered: ProfileLibrarySource) {
  source = registered;
}

export function profileLibrarySource(): ProfileLibrarySource {
  if (!source) throw new Error("No profile library registered: app/jobs.server.ts registers licensing's.");
  return source;
}
