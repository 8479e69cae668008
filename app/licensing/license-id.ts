import { z } from "zod";

/** Crockford base 32: no I, L, O or U, so an id read aloud or retyped from paper stays unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `VL-XXXX-XXXX-XXXX`: 60 random bits, printed on the certificate and in its verification URL. */
export function newLicenseId(
  random: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size)),
): string {
  const bytes = random(12);
  const chars = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
  return `VL-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

export const LicenseIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^VL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

export const licensePath = (licenseId: string) => `/license/${licenseId}`;

/** The certificate PDF: only its licensee gets it, and a revoked license has none. */
export const certificatePath = (licenseId: string) => `/licenses/${licenseId}/certificate.pdf`;
