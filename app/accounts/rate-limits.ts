import type { RateLimitRule } from "~/platform/rate-limit.server";

/**
 * Limits of the accounts pages (DESIGN.md: counted in PostgreSQL, keyed by client IP and, for
 * sign-in, by account). IP limits leave room for an office behind one address.
 */
export const ACCOUNT_LIMITS = {
  signInPerIp: { name: "sign-in:ip", limit: 120, windowSeconds: 300 },
  signInFailuresPerIp: { name: "sign-in-failed:ip", limit: 40, windowSeconds: 300 },
  signInFailuresPerAccountBurst: { name: "sign-in-failed:account:5m", limit: 10, windowSeconds: 300 },
  signInFailuresPerAccountHour: { name: "sign-in-failed:account:1h", limit: 100, windowSeconds: 3600 },
  signUpPerIp: { name: "sign-up:ip", limit: 30, windowSeconds: 600 },
  usernameCheckPerIp: { name: "username-check:ip", limit: 120, windowSeconds: 60 },
  contactPerIp: { name: "contact:ip", limit: 20, windowSeconds: 3600 },
  contactPerUser: { name: "contact:user", limit: 5, windowSeconds: 600 },
  passwordResetPerIp: { name: "password-reset:ip", limit: 10, windowSeconds: 900 },
  passwordResetPerEmail: { name: "password-reset:email", limit: 3, windowSeconds: 900 },
  avatarPerUser: { name: "avatar:user", limit: 20, windowSeconds: 600 },
} as const satisfies Record<string, RateLimitRule>;
