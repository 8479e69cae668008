import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_RESET_LINK_MINUTES, SESSION_LIFETIME_DAYS } from "~/constants";
import { config } from "~/platform/config.server";
import { type Database, db } from "~/platform/db/client.server";
import { publishEvent } from "~/platform/events.server";
import { readerLocale } from "~/platform/i18n/negotiate";
import { logger } from "~/platform/logger.server";
import { emailVerified } from "../events.server";
import { isSuspended } from "../people/user-admin.queries.server";
import { authDatabase } from "./auth.queries.server";
import { sendVerificationMail, VERIFICATION_LINK_TTL_HOURS } from "./email-verification-mail.server";
import { pageLanguage } from "./mail-language.server";
import { oauthConfiguration } from "./oauth-providers.server";
import { hashPassword, verifyPassword } from "./password.server";
import { sendPasswordResetMail } from "./password-reset-mail.server";
import { upgradePasswordHash } from "./password-upgrade.server";

/** The error code a sign-in of a suspended account ends with (every way in: password, Google, GitHub). */
export const ACCOUNT_SUSPENDED_CODE = "ACCOUNT_SUSPENDED";

/**
 * How long sessions and reset links last, in seconds: from the constants the privacy policy states,
 * so the page and the behaviour cannot drift apart (a unit test compares them). A session is
 * renewed at most once a day while in use, so it ends after that many days without a visit.
 */
export const AUTH_LIFETIMES = {
  sessionSeconds: SESSION_LIFETIME_DAYS * 24 * 60 * 60,
  sessionRenewalSeconds: 24 * 60 * 60,
  resetLinkSeconds: PASSWORD_RESET_LINK_MINUTES * 60,
} as const;

/** Where the auth library answers HTTP (sign-in redirects, OAuth callbacks). */
export const AUTH_BASE_PATH = "/api/auth";

function createAuth(database: Database) {
  const { PUBLIC_URL, BETTER_AUTH_SECRET, BETTER_AUTH_SECRET_PREVIOUS } = config();
  const oauth = oauthConfiguration();
  return betterAuth({
    appName: "Verdeo",
    baseURL: PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret: BETTER_AUTH_SECRET,
    // Rotation: values encrypted under the previous secret stay readable (see authSecrets).
    ...(BETTER_AUTH_SECRET_PREVIOUS
      ? { secrets: authSecrets(BETTER_AUTH_SECRET, BETTER_AUTH_SECRET_PREVIOUS) }
      : {}),
    trustedOrigins: [new URL(PUBLIC_URL).origin],
    database: authDatabase(database),
    emailAndPassword: {
      enabled: true,
      // Sign-up goes through our own transaction (user + account + profile); see sign-up.server.ts.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: AUTH_LIFETIMES.resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: a registered and an unknown address must answer in the same time. The mail
      // itself is a retried job; only queueing it can fail here.
      sendResetPassword: async ({ user, token }, request) => {
        void sendPasswordResetMail(user.email, token, mailFallbackLanguage(request)).catch((error) =>
          logger.error({ err: error }, "password reset mail could not be queued"),
        );
      },
    },
    hooks: {
      // Runs for the sign-in form (through auth.api) and for /api/auth/sign-in/email alike.
      after: createAuthMiddleware(async (ctx) => {
        const signedIn = ctx.context.newSession?.user.id;
        if (ctx.path === "/sign-in/email" && signedIn && typeof ctx.body?.password === "string") {
          await upgradePasswordHash(signedIn, ctx.body.password);
        }
      }),
    },
    emailVerification: {
      // Our sign-up sends it (sign-up.server.ts); the profile offers to send it again.
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_TTL_HOURS * 3600,
      sendVerificationEmail: async ({ user, url }, request) => {
        await sendVerificationMail(user.email, url, mailFallbackLanguage(request));
      },
      afterEmailVerification: async (user) => {
        await publishEvent(emailVerified, { userId: user.id, email: user.email });
      },
    },
    socialProviders: oauth.socialProviders,
    plugins: oauth.plugins,
    account: { accountLinking: { enabled: true, trustedProviders: ["google", "github"] } },
    session: { expiresIn: AUTH_LIFETIMES.sessionSeconds, updateAge: AUTH_LIFETIMES.sessionRenewalSeconds },
    databaseHooks: {
      session: {
        create: {
          // Every sign-in ends in a new session: refusing it here covers all providers.
          before: async (newSession) => {
            if (await isSuspended(newSession.userId)) {
              throw new APIError("FORBIDDEN", {
                message: "This account is suspended.",
                code: ACCOUNT_SUSPENDED_CODE,
              });
            }
          },
        },
      },
    },
    // Rate limits live in PostgreSQL (rate-limit.server.ts); the library's in-memory one would not
    // hold across processes.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: PUBLIC_URL.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const fields = args.length > 0 ? { details: args } : {};
        if (level === "error") logger.error(fields, `auth: ${message}`);
        else if (level === "warn") logger.warn(fields, `auth: ${message}`);
        else logger.info(fields, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

/**
 * better-auth tags what it encrypts with the version of the secret used. The version is derived from
 * the secret itself, so it stays the same when a secret moves from current to previous.
 */
export function authSecrets(current: string, previous: string) {
  const version = (secret: string) => createHash("sha256").update(secret).digest().readUInt32BE(0);
  return [
    { version: version(current), value: current },
    ...(previous !== current ? [{ version: version(previous), value: previous }] : []),
  ];
}

/**
 * The language an auth mail falls back to when the recipient's profile stores none: the page it was
 * asked from (our forms and sign-up say, mail-language.server.ts), else, for a request straight to
 * /api/auth, the language its cookie or browser asks for.
 */
function mailFallbackLanguage(request: Request | undefined) {
  return pageLanguage() ?? (request ? readerLocale(request, null) : null);
}

let cached: { database: Database; auth: ReturnType<typeof createAuth> } | undefined;

/** The auth library bound to the current database pool (tests swap pools between files). */
export function auth() {
  const database = db();
  if (cached?.database !== database) cached = { database, auth: createAuth(database) };
  return cached.auth;
}
