import { randomUUID } from "node:crypto";
import { enforceRateLimitRules } from "~/platform/http/rate-limit-policies";
import type { Locale } from "~/platform/i18n/locales";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { isUniqueViolation } from "../profiles/profiles.server";
import { auth } from "./auth.server";
import { insertPasswordAccount } from "./credential.queries.server";
import { withPageLanguage } from "./mail-language.server";
import { hashPassword } from "./password.server";
import { signInWithPassword } from "./sign-in.server";
import type { Signup } from "./signup-schema";

/** `failed`: the database refused for another reason, or the new account could not be signed in. */
export type SignUpRefusal = "username_taken" | "email_taken" | "failed";
export type SignUpResult = Result<{ userId: string; headers: Headers }, SignUpRefusal>;

/**
 * Creates user, password account and profile in ONE transaction, so a race for a username ends with
 * 'Username already taken' and never with half an account. The auth library's own sign-up cannot
 * put the profile into its transaction, so it is disabled and the session is opened afterwards by
 * an ordinary sign-in. The caller applies the sign-up rate limit (before this hashes anything).
 */
/** `language`: the page the person signed up on, kept as their language for mails and documents. */
export async function signUp(
  input: Signup & { ip: string; headers: Headers; language: Locale },
): Promise<SignUpResult> {
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const fullName = `${input.firstName} ${input.lastName}`;
  try {
    await insertPasswordAccount({
      userId,
      accountId: randomUUID(),
      email: input.email,
      fullName,
      username: input.username,
      passwordHash,
      language: input.language,
    });
  } catch (error) {
    if (isUniqueViolation(error, "profiles_username_unique")) {
      return fail("username_taken");
    }
    if (isUniqueViolation(error, "user_email_unique")) {
      return fail("email_taken");
    }
    logger.error({ err: error }, "sign-up failed");
    return fail("failed");
  }
  const session = await signInWithPassword({
    email: input.email,
    password: input.password,
    ip: input.ip,
    headers: input.headers,
  });
  if (!session.ok) {
    logger.error({ reason: session.reason }, "signing in the new account failed");
    return fail("failed");
  }
  await requestEmailVerification(input.email, input.language);
  return ok({ userId, headers: session.value.headers });
}

/** Where the mailed verification link leads once it has confirmed the address (signed in): it says so. */
export const VERIFIED_CALLBACK_PATH = "/email-confirmed";

/**
 * Mails the verification link (through the job queue); a failure is logged, the sign-up stands.
 * `language`: the page it was asked from, the mail's language when the profile stores none.
 */
export async function requestEmailVerification(email: string, language?: Locale | null) {
  try {
    await withPageLanguage(language, () =>
      auth().api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK_PATH } }),
    );
  } catch (error) {
    logger.error({ err: error }, "queueing the verification mail failed");
  }
}

export type ResendRefusal = "already_verified" | "too_soon";

/**
 * The confirmation link again, for the signed-in owner of the address. Counted in PostgreSQL under
 * the same policy as /api/auth/send-verification-email (per client address and per email), so the
 * two ways in share one budget. `language`: the page the person asked from.
 */
export async function resendEmailVerification(
  person: { email: string; emailVerified?: boolean },
  ip: string,
  language?: Locale | null,
): Promise<
  | { ok: true }
  | { ok: false; reason: "already_verified" }
  | { ok: false; reason: "too_soon"; retryAfterSeconds: number }
> {
  if (person.emailVerified) return { ok: false, reason: "already_verified" };
  const limits = await enforceRateLimitRules("verification_mail", {
    ip,
    account: person.email.trim().toLowerCase(),
  });
  const refused = [...limits.values()].filter((limit) => !limit.allowed);
  if (refused.length > 0)
    return {
      ok: false,
      reason: "too_soon",
      retryAfterSeconds: Math.max(...refused.map((limit) => limit.retryAfterSeconds)),
    };
  await requestEmailVerification(person.email, language);
  return { ok: true };
}
