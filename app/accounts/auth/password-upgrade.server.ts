import { logger } from "~/platform/logger.server";
import { findPasswordHash, replacePasswordHash } from "./credential.queries.server";
import { hashPassword, needsRehash } from "./password.server";

/**
 * After a successful sign-in, the one moment the plain password is at hand: a hash from older
 * settings (scrypt, or weaker argon2) is replaced by today's. Failure only costs the upgrade.
 */
export async function upgradePasswordHash(userId: string, password: string) {
  try {
    const current = await findPasswordHash(userId);
    if (!current || !needsRehash(current)) return;
    await replacePasswordHash(userId, current, await hashPassword(password));
  } catch (error) {
    logger.warn({ err: error }, "rehashing a password failed");
  }
}
