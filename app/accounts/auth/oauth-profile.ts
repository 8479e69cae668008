import { USERNAME_MAX, USERNAME_MIN } from "~/constants";
import { containsProfanity } from "../profiles/profanity";

export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The auth user's metadata under the names the auth library stores it (what the provider told us). */
export interface OAuthMetadata {
  full_name?: string | null;
  name?: string | null;
  user_name?: string | null;
  preferred_username?: string | null;
  avatar_url?: string | null;
  picture?: string | null;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

/** Normalises a provider's raw profile to the metadata names of the spec. */
export function metadataFromProvider(provider: OAuthProvider, raw: Record<string, unknown>): OAuthMetadata {
  if (provider === "github") {
    // GitHub: `login` is the handle, `name` the display name.
    return {
      full_name: text(raw.name),
      name: text(raw.name),
      user_name: text(raw.login),
      preferred_username: text(raw.login),
      avatar_url: text(raw.avatar_url),
    };
  }
  return {
    full_name: text(raw.full_name),
    name: text(raw.name),
    preferred_username: text(raw.preferred_username),
    avatar_url: text(raw.avatar_url),
    picture: text(raw.picture),
  };
}

/** `full_name` from full_name, name, user_name, else empty. */
export function fullNameFrom(metadata: OAuthMetadata) {
  return text(metadata.full_name) ?? text(metadata.name) ?? text(metadata.user_name) ?? "";
}

/** `avatar_url` from avatar_url, else picture, else null. Only web URLs are kept. */
export function avatarUrlFrom(metadata: OAuthMetadata) {
  const url = text(metadata.avatar_url) ?? text(metadata.picture);
  return url && /^https?:\/\//.test(url) ? url : null;
}

/**
 * The username candidate: user_name, else preferred_username, else the lowercased full
 * name with whitespace runs as underscores, else the email before the @, else null.
 */
export function usernameCandidateFrom(metadata: OAuthMetadata, email: string | null | undefined) {
  const fullName = fullNameFrom(metadata);
  return (
    text(metadata.user_name) ??
    text(metadata.preferred_username) ??
    (fullName ? fullName.toLowerCase().trim().replace(/\s+/g, "_") : null) ??
    text(email?.split("@")[0]) ??
    null
  );
}

/**
 * Bends a candidate into the username rules (lowercase, [a-z0-9_.], 5–29 characters, no profanity).
 * Returns null when nothing usable is left; the caller then falls back to "user" plus digits.
 */
export function sanitizeUsername(candidate: string | null) {
  if (!candidate) return null;
  const cleaned = candidate
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.]/g, "")
    .slice(0, USERNAME_MAX);
  if (cleaned.length === 0 || containsProfanity(cleaned)) return null;
  return cleaned.length >= USERNAME_MIN ? cleaned : cleaned.padEnd(USERNAME_MIN, "_");
}

/** The n-th alternative when a username is taken: digits appended, base shortened to fit. */
export function usernameWithDigits(base: string, digits: string) {
  return `${base.slice(0, USERNAME_MAX - digits.length)}${digits}`;
}
