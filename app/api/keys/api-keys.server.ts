import { randomBytes } from "node:crypto";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { API_KEY_PREFIX, API_KEYS_PER_USER_MAX, API_SCOPES, type ApiScope } from "./api-keys";
import {
  type ApiKeyListing,
  countActiveApiKeys,
  insertApiKey,
  listApiKeysOf,
  revokeApiKeyOf,
} from "./api-keys.queries.server";
import { type ApiCaller, hashSecret, hasKeyShape, type KeyRefusal, lookUpCallers } from "./key-lookup.server";
import { noteKeyUse } from "./key-use.server";
import { forgetApiKeyCaller, rememberCaller } from "./recent-callers.server";

export type { ApiKeyListing } from "./api-keys.queries.server";
export { type ApiCaller, type KeyRefusal, presentedKey } from "./key-lookup.server";

/** The visible part: the "vrd_" mark and 8 random characters that name the key in lists. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/**
 * Makes a key for its owner; the secret is in the answer only (stored as a hash), so the page
 * shows it once.
 */
export async function createApiKey(input: {
  userId: string;
  name: string;
  scopes: readonly ApiScope[];
}): Promise<Result<{ key: ApiKeyListing; secret: string }, "too_many" | "too_many_today">> {
  if ((await countActiveApiKeys(input.userId)) >= API_KEYS_PER_USER_MAX) return fail("too_many");
  // Counted only when a key would be made: revoking and creating again is what it bounds.
  if (!(await enforceRateLimit("api_key_create", { user: input.userId })).allowed)
    return fail("too_many_today");
  // 30 random bytes: 40 base64url characters, 240 bits.
  const secret = `${API_KEY_PREFIX}${randomBytes(30).toString("base64url")}`;
  const scopes = API_SCOPES.filter((scope) => input.scopes.includes(scope));
  const key = await insertApiKey({
    userId: input.userId,
    name: input.name,
    prefix: secret.slice(0, PREFIX_LENGTH),
    secretHash: hashSecret(secret),
    scopes,
  });
  logger.info({ keyPrefix: key.prefix, userId: input.userId }, "API key created");
  return ok({ key, secret });
}

export const listApiKeys = listApiKeysOf;

export async function revokeApiKey(input: { userId: string; keyId: string; now?: Date }) {
  if (!/^[0-9a-f-]{36}$/.test(input.keyId)) return fail("not_found" as const);
  const revoked = await revokeApiKeyOf(input.userId, input.keyId, input.now ?? new Date());
  if (revoked) {
    forgetApiKeyCaller(input.keyId);
    logger.info({ keyId: input.keyId, userId: input.userId }, "API key revoked");
  }
  return revoked ? ok(null) : fail("not_found" as const);
}

/**
 * The caller a presented key stands for: refused when it is not a key, is unknown or revoked, or
 * its owner is suspended (checked on every request, so suspending stops the keys at once).
 */
export async function authenticateApiKey(
  presented: string,
  now = new Date(),
): Promise<Result<ApiCaller, KeyRefusal>> {
  if (!hasKeyShape(presented)) return fail("malformed");
  const secretHash = hashSecret(presented);
  const found = (await lookUpCallers([secretHash])).get(secretHash) ?? "unknown";
  if (typeof found === "string") return fail(found);
  noteKeyUse(found.keyId, now);
  rememberCaller(secretHash, found, now);
  return ok(found);
}
