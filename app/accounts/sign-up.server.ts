import { randomUUID } from "node:crypto";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { auth } from "./auth.server";
import { MESSAGES } from "./messages";
import { hashPassword } from "./password.server";
import { isUniqueViolation } from "./profiles.server";
import { account, profiles, user } from "./schema.server";
import { signInWithPassword } from "./sign-in.server";
import type { Signup } from "./signup-schema";

export type SignUpResult =
  | { ok: true; userId: string; headers: Headers }
  | { ok: false; status: number; message: string; field?: "username" | "email" };

/**
 * Creates user, password account and profile in ONE transaction, so a race for a username ends with
 * 'Username already taken' and never with half an account. The auth library's own sign-up cannot
 * put the profile into its transaction, so it is disabled and the session is opened afterwards by
 * an ordinary sign-in.
 */
export async function signUp(input: Signup & { ip: string; headers: Headers }): Promise<SignUpResult> {
  if (!(await enforceRateLimit("sign_up", { ip: input.ip })).allowed) {
    return { ok: false, status: 429, message: MESSAGES.tooManyAttempts };
  }
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const fullName = `${input.firstName} ${input.lastName}`;
  try {
    await db().transaction(async (tx) => {
      await tx.insert(user).values({ id: userId, name: fullName, email: input.email });
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
      await tx.insert(profiles).values({
        id: userId,
        email: input.email,
        fullName,
        username: input.username,
        role: "user",
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "profiles_username_unique")) {
      return { ok: false, status: 409, message: MESSAGES.usernameTaken, field: "username" };
    }
    if (isUniqueViolation(error, "user_email_unique")) {
      return { ok: false, status: 409, message: MESSAGES.emailTaken, field: "email" };
    }
    logger.error({ err: error }, "sign-up failed");
    return { ok: false, status: 500, message: MESSAGES.signupFailed };
  }
  const session = await signInWithPassword({
    email: input.email,
    password: input.password,
    ip: input.ip,
    headers: input.headers,
  });
  if (!session.ok) return { ok: false, status: session.status, message: MESSAGES.signupFailed };
  await requestEmailVerification(input.email);
  return { ok: true, userId, headers: session.headers };
}

/** Where the mailed verification link leads once it has confirmed the address (signed in). */
export const VERIFIED_CALLBACK_PATH = "/profile";

/** Mails the verification link (through the job queue); a failure is logged, the sign-up stands. */
export async function requestEmailVerification(email: string) {
  try {
    await auth().api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK_PATH } });
  } catch (error) {
    logger.error({ err: error }, "queueing the verification mail failed");
  }
}
