import { createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { findProfile } from "~/accounts/profiles/profiles.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { API_KEY_PREFIX, API_KEYS_PER_USER_MAX, API_SCOPES, type ApiScope } from "./api-keys";
import {
  type ApiKeyListing,
  countActiveApiKeys,
  findApiKeyByHash,
  insertApiKey,
  listApiKeysOf,
  revokeApiKeyOf,
  touchApiKey,
} from "./api-keys.queries.server";

export type { ApiKeyListing } from "./api-keys.queries.server";

/** Who a request with a valid key acts as: the key's owner, within the key's scopes. */
export interface ApiCaller {
  keyId: string;
  keyPrefix: string;
  scopes: ApiScope[];
  userId: string;
  name: string;
  email: string;
}

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
/** The visible part: the "vrd_" mark and 8 random characters that name the key in lists. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const KEY_SHAPE = /^vrd_[A-Za-z0-9_-]{40}$/;

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
    forgetCallers((caller) => caller.keyId === input.keyId);
    logger.info({ keyId: input.keyId, userId: input.userId }, "API key revoked");
  }
  return revoked ? ok(null) : fail("not_found" as const);
}

/** When this process last noted each key's use (ms). */
const notedAt = new Map<string, number>();

/**
 * Notes a key's use at most once a minute per process: the column is kept to the minute (the
 * statement itself skips fresher rows), so a busy key costs no statement per request.
 */
function noteUse(keyId: string, now: Date) {
  const last = notedAt.get(keyId);
  if (last !== undefined && now.getTime() - last < 60_000 && now.getTime() >= last) return;
  if (notedAt.size >= 10_000) notedAt.clear();
  notedAt.set(keyId, now.getTime());
  touchApiKey(keyId, now).catch((error) => logger.warn({ err: error }, "noting an API key's use failed"));
}

/**
 * Callers of keys this process authenticated lately, by the secret's hash: only the API's kept
 * public reads trust them without asking PostgreSQL (docs/decisions/0030). A revoke or a suspension
 * made in this process forgets them at once; one made on another node as soon as its announcement
 * of the person's change arrives (docs/decisions/0029), and at the latest after CALLER_TTL_MS, and
 * meanwhile only for reads any anonymous caller may make too. Past half that age a
 * caller is checked again in the background, so a steady key never waits for the check.
 */
export const CALLER_TTL_MS = 10_000;
const recentCallers = new LRUCache<string, { caller: ApiCaller; at: number; checking?: boolean }>({
  max: 20_000,
  ttl: CALLER_TTL_MS,
});
const BEARER = /^Bearer +(\S+)\s*$/i;

/** The key an `Authorization: Bearer …` header presents, or undefined when the header is not that. */
export const presentedKey = (authorization: string) => BEARER.exec(authorization)?.[1];

function forgetCallers(which: (caller: ApiCaller) => boolean) {
  for (const [hash, { caller }] of recentCallers.entries()) if (which(caller)) recentCallers.delete(hash);
}

/** Forgets an owner's keys in this process (the owner was suspended, or changed on another node). */
export function forgetApiCallersOf(userId: string) {
  forgetCallers((caller) => caller.userId === userId);
}

/** Forgets every recent caller (changes made elsewhere may have been missed). */
export function forgetAllApiCallers() {
  recentCallers.clear();
}

/**
 * The caller of an `Authorization` header whose key this process authenticated in the last
 * CALLER_TTL_MS, or undefined (the request then goes the full way, which asks PostgreSQL).
 */
export function recentApiCaller(authorization: string, now = new Date()): ApiCaller | undefined {
  const presented = presentedKey(authorization);
  if (!presented || !KEY_SHAPE.test(presented)) return undefined;
  const hash = hashSecret(presented);
  const recent = recentCallers.get(hash);
  if (!recent) return undefined;
  noteUse(recent.caller.keyId, now);
  if (now.getTime() - recent.at > CALLER_TTL_MS / 2 && !recent.checking) {
    recent.checking = true;
    authenticateApiKey(presented, now)
      .then((checked) => checked.ok || recentCallers.delete(hash))
      .catch(() => undefined)
      .finally(() => {
        recent.checking = false;
      });
  }
  return recent.caller;
}

export type KeyRefusal = "malformed" | "unknown" | "revoked" | "owner_suspended";

/**
 * The caller a presented key stands for: refused when it is not a key, is unknown or revoked, or
 * its owner is suspended (checked on every request, so suspending stops the keys at once).
 */
export async function authenticateApiKey(
  presented: string,
  now = new Date(),
): Promise<Result<ApiCaller, KeyRefusal>> {
  if (!KEY_SHAPE.test(presented)) return fail("malformed");
  const secretHash = hashSecret(presented);
  const key = await findApiKeyByHash(secretHash);
  if (!key) return fail("unknown");
  if (key.revokedAt) return fail("revoked");
  const owner = await findProfile(key.userId);
  if (!owner || owner.suspendedAt) return fail("owner_suspended");
  noteUse(key.id, now);
  const caller: ApiCaller = {
    keyId: key.id,
    keyPrefix: key.prefix,
    scopes: key.scopes.filter((scope): scope is ApiScope =>
      (API_SCOPES as readonly string[]).includes(scope),
    ),
    userId: key.userId,
    name: owner.fullName,
    email: owner.email ?? "",
  };
  recentCallers.set(secretHash, { caller, at: now.getTime() });
  return ok(caller);
}
