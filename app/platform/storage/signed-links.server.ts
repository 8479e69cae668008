import { createHmac, timingSafeEqual } from "node:crypto";
import { encodeKey, requireValidExpiry, SIGNED_URL_PREFIX } from "./driver.server";

/**
 * Signed links to private objects on local disk: `/signed/{key}?expires=…&name=…&signature=…`, where
 * the signature is an HMAC of key, expiry and download name under a key derived from the app's secret.
 * Whoever holds the link may download until it expires; changing any part of it breaks the signature.
 */
export interface LinkSigner {
  sign(key: string, options: { expiresInSeconds: number; downloadName?: string }): string;
  /** The key and download name a request may have, or 403 for a bad or expired signature. */
  verify(key: string, query: Record<string, unknown>): { downloadName?: string } | { status: 403 };
}

/** Derived, so a leaked link signature says nothing about the session secret it comes from. */
function signingKey(secret: string) {
  return createHmac("sha256", secret).update("verdeo/storage/signed-links/v1").digest();
}

export function linkSigner(secret: string, baseUrl: string): LinkSigner {
  const key = signingKey(secret);
  const signature = (objectKey: string, expires: string, name: string) =>
    createHmac("sha256", key).update(`${objectKey}\n${expires}\n${name}`).digest();

  return {
    sign(objectKey, { expiresInSeconds, downloadName }) {
      const expires = String(Math.floor(Date.now() / 1000) + requireValidExpiry(expiresInSeconds));
      const query = new URLSearchParams({ expires });
      if (downloadName) query.set("name", downloadName);
      query.set("signature", signature(objectKey, expires, downloadName ?? "").toString("base64url"));
      return `${baseUrl.replace(/\/$/, "")}${SIGNED_URL_PREFIX}${encodeKey(objectKey)}?${query}`;
    },
    verify(objectKey, query) {
      const { expires, name = "", signature: given } = query;
      if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires)) return { status: 403 };
      if (typeof name !== "string" || typeof given !== "string") return { status: 403 };
      const expected = signature(objectKey, expires, name);
      const actual = Buffer.from(given, "base64url");
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { status: 403 };
      if (Number(expires) * 1000 <= Date.now()) return { status: 403 };
      return name ? { downloadName: name } : {};
    },
  };
}
