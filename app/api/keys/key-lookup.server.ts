import { hash } from "node:crypto";
import { findProfileStandings } from "~/accounts/profiles/profiles.server";
import { API_SCOPES, type ApiScope } from "./api-keys";
import { findApiKeysByHashes } from "./api-keys.queries.server";

/** Who a request with a valid key acts as: the key's owner, within the key's scopes. */
export interface ApiCaller {
  keyId: string;
  keyPrefix: string;
  scopes: ApiScope[];
  userId: string;
  name: string;
  email: string;
}

export type KeyRefusal = "malformed" | "unknown" | "revoked" | "owner_suspended";

const BEARER = /^Bearer +(\S+)\s*$/i;
const KEY_SHAPE = /^vrd_[A-Za-z0-9_-]{40}$/;

/** The key an `Authorization: Bearer …` header presents, or undefined when the header is not that. */
export const presentedKey = (authorization: string) => BEARER.exec(authorization)?.[1];

/** Whether `presented` has a key's shape (a malformed one is refused without a lookup). */
export const hasKeyShape = (presented: string) => KEY_SHAPE.test(presented);

/** One-shot hashing (no Hash object): every kept API read hashes its key. */
export const hashSecret = (secret: string) => hash("sha256", secret, "hex");

/**
 * The caller each secret hash stands for, or why it is refused: unknown, revoked, or its owner
 * suspended or gone. Two statements however many hashes, so checking many keys again costs no
 * more round trips than checking one.
 */
export async function lookUpCallers(
  secretHashes: readonly string[],
): Promise<Map<string, ApiCaller | KeyRefusal>> {
  const keys = await findApiKeysByHashes(secretHashes);
  const owners = new Map(
    (await findProfileStandings([...new Set(keys.map((key) => key.userId))])).map((owner) => [
      owner.id,
      owner,
    ]),
  );
  const found = new Map<string, ApiCaller | KeyRefusal>(secretHashes.map((hash) => [hash, "unknown"]));
  for (const key of keys) {
    const owner = owners.get(key.userId);
    if (key.revokedAt) found.set(key.secretHash, "revoked");
    else if (!owner || owner.suspendedAt) found.set(key.secretHash, "owner_suspended");
    else
      found.set(key.secretHash, {
        keyId: key.id,
        keyPrefix: key.prefix,
        scopes: key.scopes.filter((scope): scope is ApiScope =>
          (API_SCOPES as readonly string[]).includes(scope),
        ),
        userId: key.userId,
        name: owner.fullName,
        email: owner.email ?? "",
      });
  }
  return found;
}
