import { rateLimitRefusalsTotal } from "../metrics/business.server";
import { hitRateLimits, peekRateLimit, type RateLimitResult, type RateLimitRule } from "./rate-limit.server";
import { rateLimitReservations } from "./rate-limit-reservations.server";

/** Who a rule counts: the client's address, an account's email, a signed-in user's id, or an API key. */
export type RateLimitSubject = "ip" | "account" | "user" | "key";

export interface RateLimitPolicyRule extends RateLimitRule {
  per: RateLimitSubject;
  /**
   * Counted in the process from blocks of the window reserved in PostgreSQL (one write per key and
   * window, not one per hit): for rules hit many times a second whose limit may be reached a few
   * hits early (the public API's). Others count every hit in the database, exact to the hit.
   */
  reserved?: true;
}

const rule = (per: RateLimitSubject, name: string, limit: number, windowSeconds: number) =>
  ({ per, name, limit, windowSeconds }) satisfies RateLimitPolicyRule;
/** A rule counted from reserved blocks (see `reserved`). */
const reservedRule = (per: RateLimitSubject, name: string, limit: number, windowSeconds: number) =>
  ({ ...rule(per, name, limit, windowSeconds), reserved: true }) satisfies RateLimitPolicyRule;

/**
 * Every sensitive operation's limits, in one table (counted in PostgreSQL, so they hold across
 * processes). Whatever path reaches an operation (a form, /api/auth/*, a resource route) enforces
 * the same policy by name. IP limits leave room for an office behind one address; account and user
 * limits stop one target being hammered from many addresses. The names are the keys of the counts
 * in the database: renaming one resets its counts.
 */
export const RATE_LIMIT_POLICIES = {
  /** Every sign-in attempt, through the form or /api/auth (email and password, or social). */
  sign_in: { perIp: rule("ip", "sign-in:ip", 120, 300) },
  /** Failed sign-ins; past these, even the right password is refused for the window. */
  sign_in_failure: {
    perIp: rule("ip", "sign-in-failed:ip", 40, 300),
    perAccountBurst: rule("account", "sign-in-failed:account:5m", 10, 300),
    perAccountHour: rule("account", "sign-in-failed:account:1h", 100, 3600),
  },
  sign_up: { perIp: rule("ip", "sign-up:ip", 30, 600) },
  /** Reset mails: past the per-address limit the answer is the same, but nothing more is sent. */
  password_reset: {
    perIp: rule("ip", "password-reset:ip", 10, 900),
    perEmail: rule("account", "password-reset:email", 3, 900),
  },
  /** Verification mails, the same way as reset mails. */
  verification_mail: {
    perIp: rule("ip", "verification-mail:ip", 10, 900),
    perEmail: rule("account", "verification-mail:email", 3, 900),
  },
  /** Presenting a mailed token (reset-password, verify-email): guessing one is hopeless, but not free. */
  mailed_token: { perIp: rule("ip", "mailed-token:ip", 30, 900) },
  username_check: { perIp: rule("ip", "username-check:ip", 120, 60) },
  /** Ten a minute: plenty for a person, far too slow to enumerate codes. */
  promo_lookup: { perIp: rule("ip", "promo-lookup:ip", 10, 60) },
  contact: { perIp: rule("ip", "contact:ip", 20, 3600), perUser: rule("user", "contact:user", 5, 600) },
  /** Every order submit counts, valid or not, so neither orders nor junk can be posted in bulk. */
  checkout: { perIp: rule("ip", "checkout:ip", 100, 600) },
  /** VAT numbers sent to VIES or HMRC from the checkout: a business types a few, a script would use us to ask thousands. */
  vat_number_check: { perIp: rule("ip", "vat-number-check:ip", 30, 3600) },
  /** Reports of clips. */
  report: { perIp: rule("ip", "report:ip", 30, 3600), perUser: rule("user", "report:user", 10, 3600) },
  /** Starting an upload (each one reserves storage and queues work). */
  upload_start: {
    perIp: rule("ip", "upload-start:ip", 60, 3600),
    perUser: rule("user", "upload-start:user", 60, 3600),
  },
  avatar: { perUser: rule("user", "avatar:user", 20, 600) },
  /** Following and unfollowing creators: a person clicks a few times, a script would click thousands. */
  follow: { perUser: rule("user", "follow:user", 60, 600) },
  /** The public API without a key: the read endpoints, for trying it out. */
  api_anonymous: { perIp: reservedRule("ip", "api-anonymous:ip", 60, 60) },
  /**
   * The public API with a key: one quota per account, counted across all its keys and addresses (so
   * more keys buy no more requests); each key and each address is also held to its own bucket.
   */
  api_key: {
    perUser: reservedRule("user", "api-key:account", 600, 60),
    perKey: reservedRule("key", "api-key:key", 600, 60),
    perIp: reservedRule("ip", "api-key:ip", 1200, 60),
  },
  /** Creating API keys: a few a day is plenty; minting without end would dodge the per-key buckets. */
  api_key_create: { perUser: rule("user", "api-key-create:account", 20, 86_400) },
} as const satisfies Record<string, Record<string, RateLimitPolicyRule>>;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** Every rule of every policy: the sweep deletes each one's ended windows. */
export const RATE_LIMIT_RULES: readonly RateLimitPolicyRule[] = Object.values(RATE_LIMIT_POLICIES).flatMap(
  (rules): RateLimitPolicyRule[] => Object.values(rules),
);
export type RateLimitSubjects = Partial<Record<RateLimitSubject, string>>;

function rulesFor(policy: RateLimitPolicy, subjects: RateLimitSubjects) {
  const rules: RateLimitPolicyRule[] = Object.values(RATE_LIMIT_POLICIES[policy]);
  return rules.flatMap((rule) => {
    const subject = subjects[rule.per];
    return subject ? [{ rule, subject }] : [];
  });
}

function combine(results: RateLimitResult[]): RateLimitResult {
  const refused = results.filter((result) => !result.allowed);
  return {
    allowed: refused.length === 0,
    remaining: Math.min(Infinity, ...results.map((result) => result.remaining)),
    retryAfterSeconds: Math.max(0, ...refused.map((result) => result.retryAfterSeconds)),
  };
}

/**
 * Counts one hit under each pair: reserved rules together in the process, the others in the
 * database in one statement.
 */
async function hitAll(pairs: { rule: RateLimitPolicyRule; subject: string }[]): Promise<RateLimitResult[]> {
  const reserved = pairs.filter(({ rule }) => rule.reserved);
  const [fromReservations, fromDatabase] = await Promise.all([
    reserved.length > 0 ? rateLimitReservations().hit(reserved) : [],
    hitRateLimits(pairs.filter(({ rule }) => !rule.reserved)),
  ]);
  return pairs.map(({ rule }) => (rule.reserved ? fromReservations.shift()! : fromDatabase.shift()!));
}

/** A refusal shows in /metrics under its policy's name. */
function counted(policy: RateLimitPolicy, result: RateLimitResult) {
  if (!result.allowed) rateLimitRefusalsTotal.inc({ policy });
  return result;
}

/**
 * Counts one attempt of `policy` for each subject given (the rules of absent subjects are skipped)
 * and says whether every rule is still within its limit.
 */
export async function enforceRateLimit(
  policy: RateLimitPolicy,
  subjects: RateLimitSubjects,
): Promise<RateLimitResult> {
  return counted(policy, combine(await hitAll(rulesFor(policy, subjects))));
}

/**
 * The same check without counting (e.g. refuse before a password is checked, count only failures).
 * For a reserved rule it reads the window's reserved total, which counts other processes' unspent blocks.
 */
export async function peekRateLimitPolicy(
  policy: RateLimitPolicy,
  subjects: RateLimitSubjects,
): Promise<RateLimitResult> {
  const pairs = rulesFor(policy, subjects);
  return counted(
    policy,
    combine(await Promise.all(pairs.map(({ rule, subject }) => peekRateLimit(rule, subject)))),
  );
}

/** The results of one policy's rules by rule, for the callers that treat them differently. */
export async function enforceRateLimitRules(policy: RateLimitPolicy, subjects: RateLimitSubjects) {
  const pairs = rulesFor(policy, subjects);
  const results = await hitAll(pairs);
  counted(policy, combine(results));
  return new Map(pairs.map(({ rule }, index) => [rule.per, results[index]!]));
}
