import { and, eq, gt } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { enforceRateLimitRules } from "~/platform/rate-limit-policies";
import { auth } from "./auth.server";
import { MESSAGES } from "./messages";
import { verification } from "./schema.server";

/**
 * Asks better-auth to mail a single-use, expiring reset link. The answer never says whether the
 * address has an account.
 */
export async function requestPasswordReset(email: string, ip: string, headers: Headers) {
  const limits = await enforceRateLimitRules("password_reset", { ip, account: email.trim().toLowerCase() });
  if (!limits.get("ip")?.allowed) return { ok: false, message: MESSAGES.tooManyAttempts };
  // Over the per-address limit: answer as usual, just send nothing more.
  if (limits.get("account")?.allowed) {
    await auth()
      .api.requestPasswordReset({ body: { email }, headers })
      .catch((error) => logger.error({ err: error }, "password reset request failed"));
  }
  return { ok: true, message: MESSAGES.resetRequested };
}

/** True while the token is unused and unexpired (the page shows the form only then). */
export async function isResetTokenValid(token: string) {
  const rows = await db()
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())),
    )
    .limit(1);
  return rows.length > 0;
}

/** Sets the new password, consumes the token and signs out every session of the account. */
export async function resetPassword(token: string, newPassword: string) {
  try {
    await auth().api.resetPassword({ body: { token, newPassword } });
    return true;
  } catch (error) {
    logger.info({ err: error }, "password reset refused");
    return false;
  }
}
