import { isAPIError } from "better-auth/api";
import { enforceRateLimit, peekRateLimitPolicy } from "~/platform/http/rate-limit-policies";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { ACCOUNT_SUSPENDED_CODE, auth } from "./auth.server";

/**
 * Why a sign-in is refused: too many failures lately for this address or account (`locked`, even
 * with the right password), an unknown email or wrong password (one reason for both, so the answer
 * does not tell which), or a suspended account (told only to someone who knew the password).
 */
export type SignInRefusal = "locked" | "wrong_credentials" | "suspended";
export type SignInResult = Result<{ headers: Headers }, SignInRefusal>;

/** The key of an account's failure counts: the email as the auth library looks it up. */
export const signInAccountKey = (email: string) => email.trim().toLowerCase();

/**
 * Counts a sign-in attempt against the IP's request limit. Every route that leads to a password
 * check applies it first (the log-in form, /api/auth/sign-in/email); the failure lock below is the
 * service's own rule.
 */
export function throttleSignIn(ip: string) {
  return enforceRateLimit("sign_in", { ip });
}

/** Whether the IP or the account has failed too often lately: then even the right password is refused. */
export function signInLock(email: string, ip: string) {
  return peekRateLimitPolicy("sign_in_failure", { ip, account: signInAccountKey(email) });
}

/** Counts a failed password check toward the IP's and the account's locks. */
export async function recordSignInFailure(email: string, ip: string) {
  await enforceRateLimit("sign_in_failure", { ip, account: signInAccountKey(email) });
}

/**
 * Email and password sign-in (the caller has applied `throttleSignIn`). The answer for an unknown email and a wrong password is the same, and
 * the auth library hashes the password for unknown emails too, so timing does not tell them apart.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  ip: string;
  headers: Headers;
}): Promise<SignInResult> {
  if (!(await signInLock(input.email, input.ip)).allowed) return fail("locked");
  try {
    const { headers } = await auth().api.signInEmail({
      body: { email: signInAccountKey(input.email), password: input.password },
      headers: input.headers,
      returnHeaders: true,
    });
    return ok({ headers });
  } catch (error) {
    // Reached only with the right password: the account exists and is suspended.
    if (isAPIError(error) && error.body?.code === ACCOUNT_SUSPENDED_CODE) {
      return fail("suspended");
    }
    if (!isAPIError(error) || error.statusCode >= 500) {
      logger.error({ err: error }, "sign-in failed unexpectedly");
    }
    await recordSignInFailure(input.email, input.ip);
    return fail("wrong_credentials");
  }
}
