import { isAPIError } from "better-auth/api";
import { logger } from "~/platform/logger.server";
import { enforceRateLimit, peekRateLimitPolicy } from "~/platform/rate-limit-policies";
import { ACCOUNT_SUSPENDED_CODE, auth } from "./auth.server";
import { MESSAGES } from "./messages";

export type SignInResult = { ok: true; headers: Headers } | { ok: false; message: string; status: number };

const tooMany = { ok: false, message: MESSAGES.tooManyAttempts, status: 429 } as const;
const failed = { ok: false, message: MESSAGES.loginFailed, status: 401 } as const;

/** The key of an account's failure counts: the email as the auth library looks it up. */
export const signInAccountKey = (email: string) => email.trim().toLowerCase();

/**
 * Counts a sign-in attempt and says whether it may go ahead: refused when the IP tries too often, or
 * when the IP or the account has failed too often (then even the right password is refused). Every
 * path to a password check calls this first: the form here and /api/auth/sign-in/email.
 */
export async function admitSignIn(
  email: string,
  ip: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const attempt = await enforceRateLimit("sign_in", { ip });
  if (!attempt.allowed) return attempt;
  return peekRateLimitPolicy("sign_in_failure", { ip, account: signInAccountKey(email) });
}

/** Counts a failed password check toward the IP's and the account's locks. */
export async function recordSignInFailure(email: string, ip: string) {
  await enforceRateLimit("sign_in_failure", { ip, account: signInAccountKey(email) });
}

/**
 * Email and password sign-in. The answer for an unknown email and a wrong password is the same, and
 * the auth library hashes the password for unknown emails too, so timing does not tell them apart.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  ip: string;
  headers: Headers;
}): Promise<SignInResult> {
  if (!(await admitSignIn(input.email, input.ip)).allowed) return tooMany;
  try {
    const { headers } = await auth().api.signInEmail({
      body: { email: signInAccountKey(input.email), password: input.password },
      headers: input.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    // Reached only with the right password: the account exists and is suspended.
    if (isAPIError(error) && error.body?.code === ACCOUNT_SUSPENDED_CODE) {
      return { ok: false, message: MESSAGES.accountSuspended, status: 403 };
    }
    if (!isAPIError(error) || error.statusCode >= 500) {
      logger.error({ err: error }, "sign-in failed unexpectedly");
    }
    await recordSignInFailure(input.email, input.ip);
    return failed;
  }
}
