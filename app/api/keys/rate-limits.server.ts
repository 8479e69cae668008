import { enforceRateLimitRules, RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";

export interface LimitVerdict {
  allowed: boolean;
  /** Of the rule closest to its limit: what the RateLimit-* headers state. */
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * Counts one API request: with a key, per account (the key's owner, across all their keys), per key
 * and per address; without one, per address (the low anonymous limit). The headers describe the rule with the least room left; a refusal waits for
 * the latest window among the rules refused.
 */
export async function limitApiRequest(input: {
  keyId: string | null;
  /** The key's owner. */
  userId: string | null;
  clientIp: string;
}): Promise<LimitVerdict> {
  const policy = input.keyId ? "api_key" : "api_anonymous";
  const results = await enforceRateLimitRules(policy, {
    ip: input.clientIp,
    key: input.keyId ?? undefined,
    user: (input.keyId && input.userId) || undefined,
  });
  const rules = RATE_LIMIT_POLICIES[policy] as Record<
    string,
    { per: string; limit: number; windowSeconds: number }
  >;
  let verdict: LimitVerdict | null = null;
  let allowed = true;
  let retry = 0;
  for (const rule of Object.values(rules)) {
    const result = results.get(rule.per as never);
    if (!result) continue;
    if (!result.allowed) {
      allowed = false;
      retry = Math.max(retry, result.retryAfterSeconds);
    }
    if (!verdict || result.remaining / rule.limit < verdict.remaining / verdict.limit) {
      verdict = {
        allowed: true,
        limit: rule.limit,
        remaining: result.remaining,
        resetSeconds: Math.max(1, result.retryAfterSeconds),
        windowSeconds: rule.windowSeconds,
      };
    }
  }
  if (!verdict) throw new Error(`rate limit policy ${policy} has no rule for this request`);
  return allowed ? verdict : { ...verdict, allowed: false, remaining: 0, resetSeconds: Math.max(1, retry) };
}
