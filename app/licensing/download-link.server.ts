import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/platform/config.server";
import type { DownloadVariant } from "./variants";

/** How long a download link from the dialog works; only its licensee's session can use it. */
export const DOWNLOAD_LINK_SECONDS = 10 * 60;
/** The storage link it redirects to is used at once, so it may be short. */
export const STORAGE_LINK_SECONDS = 60;

/** Derived, so a download link's signature says nothing about the secret it comes from. */
function signingKey() {
  return createHmac("sha256", config().BETTER_AUTH_SECRET)
    .update("verdeo/licensing/download-links/v1")
    .digest();
}

function signature(licenseId: string, variant: string, userId: string, expires: string) {
  return createHmac("sha256", signingKey())
    .update(`${licenseId}\n${variant}\n${userId}\n${expires}`)
    .digest();
}

/**
 * `/downloads/{licenseId}/{variant}?expires=…&signature=…`: signed for one licensee, so it works
 * only in their session and only until it expires.
 */
export function signDownloadLink(
  input: { licenseId: string; variant: DownloadVariant; userId: string },
  now = Date.now(),
): string {
  const expires = String(Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS);
  const sig = signature(input.licenseId, input.variant, input.userId, expires).toString("base64url");
  return `/downloads/${encodeURIComponent(input.licenseId)}/${input.variant}?expires=${expires}&signature=${sig}`;
}

export type LinkCheck = { ok: true } | { ok: false; reason: "bad_signature" | "expired" };

/** Checks a link for the user presenting it: another user's link fails as a bad signature. */
export function verifyDownloadLink(
  input: {
    licenseId: string;
    variant: string;
    userId: string;
    expires: string | null;
    signature: string | null;
  },
  now = Date.now(),
): LinkCheck {
  const { expires, signature: given } = input;
  if (!expires || !/^\d{1,12}$/.test(expires) || !given) return { ok: false, reason: "bad_signature" };
  const expected = signature(input.licenseId, input.variant, input.userId, expires);
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: "bad_signature" };
  }
  if (Number(expires) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true };
}
