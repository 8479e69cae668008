import { randomInt } from "node:crypto";
import { sanitizeUsername, usernameWithDigits } from "../auth/oauth-profile";
import { findProfile, insertProfileOnce, type Profile } from "./profiles.queries.server";

export {
  findProfile,
  findProfileStandings,
  isUsernameTaken,
  type Profile,
  updateProfile,
} from "./profiles.queries.server";

/** PostgreSQL's unique_violation, whichever driver layer wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === "23505") return constraint ? candidate.constraint === constraint : true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Creates the profile of a user who signed in with Google or GitHub. The username
 * candidate is bent into the rules and gets digits appended while it is taken. Idempotent: an
 * existing profile is returned as is.
 */
export async function createOAuthProfile(input: {
  id: string;
  email: string;
  fullName: string;
  usernameCandidate: string | null;
  avatarUrl: string | null;
  /** The page the sign-in started from: the profile's language until the person picks one. */
  language?: string | null;
}): Promise<Profile> {
  const base = sanitizeUsername(input.usernameCandidate) ?? "user";
  for (let attempt = 0; attempt < 20; attempt++) {
    // The plain candidate first; then a few digits, more of them if collisions keep happening.
    const username =
      attempt === 0 && base !== "user"
        ? base
        : usernameWithDigits(base, String(randomInt(10, attempt < 10 ? 10_000 : 100_000_000)));
    try {
      const inserted = await insertProfileOnce({
        id: input.id,
        email: input.email,
        fullName: input.fullName.slice(0, 200),
        username,
        avatarUrl: input.avatarUrl,
        role: "user",
        language: input.language ?? null,
      });
      if (inserted) return inserted;
      const existing = await findProfile(input.id);
      if (existing) return existing;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("No free username found for the new profile");
}
