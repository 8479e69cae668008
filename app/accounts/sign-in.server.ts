import { isAPIError } from "better-auth/api";
import { logger } from "~/platform/logger.server";
import { hitRateLimit, peekRateLimit } from "~/platform/rate-limit.server";
import { auth } from "./auth.server";
import { MESSAGES } from "./messages";
import { ACCOUNT_LIMITS } from "./rate-limits";

export type SignInResult = { ok: true; headers: Headers } | { ok: false; message: string; status: number };

const tooMany = { ok: false, message: MESSAGES.tooManyAttempts, status: 429 } as const;
const failed = { ok: false, message: MESSAGES.loginFailed, status: 401 } as const;

/**
 * Email and password sign-in. Refuses before checking the password when the IP or the account has
 * failed too often; the answer for an unknown email and a wrong password is the same, and the auth
 * library hashes the password for unknown emails too, so timing does not tell them apart either.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  ip: string;
  headers: Headers;
}): Promise<SignInResult> {
  const account = input.email.trim().toLowerCase();
  if (!(await hitRateLimit(ACCOUNT_LIMITS.signInPerIp, input.ip)).allowed) return tooMany;
  const checks = await Promise.all([
    peekRateLimit(ACCOUNT_LIMITS.signInFailuresPerIp, input.ip),
    peekRateLimit(ACCOUNT_LIMITS.signInFailuresPerAccountBurst, account),
    peekRateLimit(ACCOUNT_LIMITS.signInFailuresPerAccountHour, account),
  ]);
  if (checks.some((check) => !check.allowed)) return tooMany;

  try {
    const { headers } = await auth().api.signInEmail({
      body: { email: account, password: input.password },
      headers: input.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) {
      logger.error({ err: error }, "sign-in failed unexpectedly");
    }
    await Promise.all([
      hitRateLimit(ACCOUNT_LIMITS.signInFailuresPerIp, input.ip),
      hitRateLimit(ACCOUNT_LIMITS.signInFailuresPerAccountBurst, account),
      hitRateLimit(ACCOUNT_LIMITS.signInFailuresPerAccountHour, account),
    ]);
    return failed;
  }
}
