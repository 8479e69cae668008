import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import type { Locale } from "~/platform/i18n/locales";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { auth } from "./auth.server";
import { isVerificationLive } from "./credential.queries.server";
import { withPageLanguage } from "./mail-language.server";

/**
 * Asks better-auth to mail a single-use, expiring reset link (the caller has applied the per-IP
 * limit). Past the per-address limit nothing more is sent, so nobody can fill a stranger's inbox;
 * the caller's answer stays the same either way and never says whether the address has an account.
 * `language`: the page it was asked from, the mail's language when the profile stores none.
 */
export async function requestPasswordReset(input: {
  email: string;
  headers: Headers;
  language?: Locale | null;
}) {
  const perAddress = await enforceRateLimit("password_reset", { account: input.email.trim().toLowerCase() });
  if (perAddress.allowed) {
    await withPageLanguage(input.language, () =>
      auth().api.requestPasswordReset({ body: { email: input.email }, headers: input.headers }),
    ).catch((error) => logger.error({ err: error }, "password reset request failed"));
  }
  return ok({ mailed: perAddress.allowed });
}

/** True while the token is unused and unexpired (the page shows the form only then). */
export async function isResetTokenValid(token: string) {
  return isVerificationLive(`reset-password:${token}`);
}

/** Sets the new password, consumes the token and signs out every session of the account. */
export async function resetPassword(input: {
  token: string;
  newPassword: string;
}): Promise<Result<null, "invalid_token">> {
  try {
    await auth().api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
    return ok(null);
  } catch (error) {
    logger.info({ err: error }, "password reset refused");
    return fail("invalid_token");
  }
}
