import type { SessionUser } from "~/accounts/auth/session.server";
import type { PageLocale } from "~/platform/i18n/locales";
import type { ProfileDownloads, ProfileOrders } from "./profile-library";

/**
 * Where the profile's Downloads and Orders tabs come from. They are licensing's data, and catalog
 * may not import licensing (docs/architecture.md), so licensing registers its source here
 * (app/jobs.server.ts wires it, as with commerce's order documents) and the profile's loader renders
 * the open tab on the server.
 */
export interface ProfileLibrarySource {
  /** The signed-in owner's licensed clips, labelled in the page's language. */
  downloads(owner: SessionUser, locale: PageLocale): Promise<ProfileDownloads>;
  /** The signed-in owner's plans, subscriptions and orders, labelled in the page's language. */
  orders(owner: SessionUser, locale: PageLocale): Promise<ProfileOrders>;
}

let source: ProfileLibrarySource | null = null;

export function registerProfileLibrary(registered: ProfileLibrarySource) {
  source = registered;
}

export function profileLibrarySource(): ProfileLibrarySource {
  if (!source) throw new Error("No profile library registered: app/jobs.server.ts registers licensing's.");
  return source;
}
