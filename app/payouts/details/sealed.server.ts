import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { config } from "~/platform/config.server";

/**
 * Sealing small secrets (a creator's IBAN) at rest with AES-256-GCM. The sealed text names the key
 * that sealed it, so after a rotation (the old key moved to PAYOUT_ENCRYPTION_KEY_PREVIOUS) what the
 * old key sealed still opens, and the next write seals it with the current key. The `context` (the
 * creator's id) is authenticated too: a sealed IBAN copied onto another creator's row does not open.
 *
 * Format: `v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts; the key id is the first 8 hex
 * characters of the key's SHA-256 (it identifies the key without revealing it).
 */

const VERSION = "v1";

/** A sealed text that cannot be opened: made with a key this server no longer has, or tampered. */
export class SealedTextError extends Error {}

export interface SealingKeys {
  current: Buffer;
  previous: Buffer | null;
}

export const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

/** The keys from config (read each time: tests and a rotation load a new config). */
export function sealingKeys(): SealingKeys {
  const { PAYOUT_ENCRYPTION_KEY, PAYOUT_ENCRYPTION_KEY_PREVIOUS } = config();
  return {
    current: Buffer.from(PAYOUT_ENCRYPTION_KEY, "base64"),
    previous: PAYOUT_ENCRYPTION_KEY_PREVIOUS ? Buffer.from(PAYOUT_ENCRYPTION_KEY_PREVIOUS, "base64") : null,
  };
}

export function seal(plain: string, context: string, keys: SealingKeys = sealingKeys()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, keyIdOf(keys.current), iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The key id a sealed text names, or null when it is not a sealed text. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split(".");
  return parts.length === 5 && parts[0] === VERSION ? (parts[1] ?? null) : null;
}

/** True when the current key sealed it (nothing to reseal). */
export const sealedWithCurrentKey = (sealed: string, keys: SealingKeys = sealingKeys()) =>
  sealedKeyId(sealed) === keyIdOf(keys.current);

export function open(sealed: string, context: string, keys: SealingKeys = sealingKeys()): string {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SealedTextError("not a sealed text");
  const [, keyId, iv, ciphertext, tag] = parts as [string, string, string, string, string];
  const key = [keys.current, keys.previous].find((candidate) => candidate && keyIdOf(candidate) === keyId);
  if (!key)
    throw new SealedTextError(
      `sealed with key ${keyId}, which is neither PAYOUT_ENCRYPTION_KEY nor PAYOUT_ENCRYPTION_KEY_PREVIOUS`,
    );
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new SealedTextError(
      `sealed text under key ${keyId} does not authenticate (altered, or another row's)`,
    );
  }
}
