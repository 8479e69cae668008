import { config } from "~/platform/config.server";
import { isLocale, type Locale } from "~/platform/i18n/locales";
import { logger } from "~/platform/logger.server";
import type { Role, Theme } from "../people/roles";
import { findProfile } from "../profiles/profiles.server";
import { AUTH_LIFETIMES, auth } from "./auth.server";
import { findSessionWithProfile } from "./session.queries.server";
import { sessionCookieValue, verifySignedValue } from "./signed-cookie";

/** The signed-in person as the pages need them. */
export interface SessionUser {
  id: string;
  email: string;
  username: string | null;
  fullName: string;
  avatarUrl: string | null;
  role: Role;
  themePreference: Theme | null;
  /** The interface language they chose, if they did. */
  language: Locale | null;
  /** True once the user opened the link mailed to their address (or a provider vouched for it). */
  emailVerified?: boolean;
  /** False until the profile row exists (e.g. between an OAuth callback and /auth/callback). */
  hasProfile?: boolean;
}

/**
 * The user of each page request being answered: the root loader and the page's own loader both ask.
 * React Router hands each loader its own copy of the Request but the same load context, so loaders
 * that pass their `context` share one session read. Only for GET: an action may change the session or
 * the profile, and the loaders that follow it must see the change.
 */
const usersOfRequests = new WeakMap<object, Promise<SessionUser | null>>();

/** The user of this request (better-auth's database session joined with the profile), or null. */
export function getOptionalUser(request: Request, context?: object): Promise<SessionUser | null> {
  if (!context || request.method !== "GET") return readUser(request);
  const known = usersOfRequests.get(context);
  if (known) return known;
  const user = readUser(request);
  usersOfRequests.set(context, user);
  return user;
}

async function readUser(request: Request): Promise<SessionUser | null> {
  // Most requests carry no session: skip the database for them.
  const cookie = sessionCookieValue(request.headers.get("Cookie") ?? "");
  if (!cookie) return null;
  const direct = await readSessionDirectly(cookie);
  if (direct !== undefined) return direct;
  const session = await auth()
    .api.getSession({ headers: request.headers })
    .catch((error) => {
      logger.error({ err: error }, "reading the session failed");
      return null;
    });
  if (!session) return null;
  return sessionUserOf(session.user, await findProfile(session.user.id));
}

type ProfileFields = Pick<
  NonNullable<Awaited<ReturnType<typeof findProfile>>>,
  "username" | "fullName" | "avatarUrl" | "role" | "themePreference" | "language" | "suspendedAt"
>;

/** The person as pages see them, from the auth user and their profile (null until it exists). */
function sessionUserOf(
  user: { id: string; email: string; name: string | null; emailVerified: boolean | null },
  profile: ProfileFields | null,
): SessionUser | null {
  // Suspending deletes the sessions; this covers a request already past that point.
  if (profile?.suspendedAt) return null;
  return {
    id: user.id,
    email: user.email,
    username: profile?.username ?? null,
    fullName: profile?.fullName ?? user.name ?? "",
    avatarUrl: profile?.avatarUrl ?? null,
    role: profile?.role ?? "user",
    themePreference: profile?.themePreference ?? null,
    language: isLocale(profile?.language) ? profile.language : null,
    emailVerified: user.emailVerified === true,
    hasProfile: profile !== null,
  };
}

/**
 * The common case read without the library: a cookie whose signature holds, naming a session that
 * is neither expired nor due for renewal, read with its user and profile in one query. Undefined
 * means "not sure": better-auth reads it then, and renews or clears the session as it does. This
 * makes no decision better-auth would make differently (docs/decisions/0018).
 */
async function readSessionDirectly(cookie: string): Promise<SessionUser | null | undefined> {
  const token = verifySignedValue(cookie, config().BETTER_AUTH_SECRET);
  if (!token) return undefined;
  const row = await findSessionWithProfile(token).catch((error) => {
    logger.error({ err: error }, "reading the session failed");
    return null;
  });
  const { sessionSeconds, sessionRenewalSeconds } = AUTH_LIFETIMES;
  const renewFrom = (sessionSeconds - sessionRenewalSeconds) * 1000;
  if (!row || row.expiresAt.getTime() - renewFrom <= Date.now()) return undefined;
  return sessionUserOf(row.user, row.profile);
}

/** Just the id of this request's user: for hot paths such as downloads. */
export async function getSessionUserId(request: Request): Promise<string | null> {
  const cookie = sessionCookieValue(request.headers.get("Cookie") ?? "");
  if (!cookie) return null;
  const direct = await readSessionDirectly(cookie);
  if (direct !== undefined) return direct?.id ?? null;
  const session = await auth()
    .api.getSession({ headers: request.headers })
    .catch((error) => {
      logger.error({ err: error }, "reading the session failed");
      return null;
    });
  return session?.user.id ?? null;
}

/** Deletes the session row and returns the headers that clear the cookies. */
export async function endSession(request: Request): Promise<Headers> {
  try {
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    // No session (already signed out): still clear whatever cookie the browser holds.
    logger.warn({ err: error }, "sign-out without a valid session");
    const headers = new Headers();
    for (const name of ["better-auth.session_token", "better-auth.session_data"]) {
      headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    }
    return headers;
  }
}
