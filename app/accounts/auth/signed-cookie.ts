import { createHmac, timingSafeEqual } from "node:crypto";

/** The session cookie's names: `__Secure-` when the site is served over https. */
const SESSION_COOKIE_NAMES = ["__Secure-better-auth.session_token", "better-auth.session_token"];

/** The raw value of the session cookie in a Cookie header, or null. */
export function sessionCookieValue(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (SESSION_COOKIE_NAMES.includes(name)) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * The value of a cookie signed the way better-auth signs it (`value.base64(HMAC-SHA256)`, URL-encoded),
 * or null when the signature does not hold. Checked with Node's synchronous HMAC: the library's own
 * check runs WebCrypto on the thread pool for every request, which costs a signed-in page more CPU
 * than its database reads (docs/decisions/0018).
 */
export function verifySignedValue(raw: string, secret: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf(".");
  if (dot < 1) return null;
  const value = decoded.slice(0, dot);
  const signature = Buffer.from(decoded.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}
