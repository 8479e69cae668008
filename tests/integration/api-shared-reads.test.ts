import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUserSuspended } from "~/accounts/people/user-admin.server";
import { isSharedApiRead, sharedReadHeaders } from "~/api/endpoints/shared-reads.server";
import { revokeApiKey } from "~/api/keys/api-keys.server";
import { CALLER_TTL_MS, recentApiCaller } from "~/api/keys/recent-callers.server";
import { apiKeys } from "~/api/schema.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
// The listeners every process registers: a suspension tells the API to forget the owner's keys.
import "~/jobs.server";
import { createAccount } from "../factories/accounts";
import { apiKeyFor } from "../factories/api";
import { useTestDatabase } from "../setup/database";
import { withinOneMinuteWindow } from "../support/rate-limit-window";

const database = useTestDatabase();

async function keyOfNewAccount() {
  const account = await createAccount();
  const secret = await apiKeyFor(account.id);
  const [key] = await database.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.userId, account.id));
  return { account, secret, keyId: key!.id, authorization: `Bearer ${secret}` };
}

describe("the API's kept public reads", () => {
  it("are the catalogue's GET endpoints only: search, a clip, popular clips and niches", () => {
    for (const path of [
      "/api/v1/clips/search",
      "/api/v1/clips/42",
      "/api/v1/clips/popular",
      "/api/v1/niches",
    ])
      expect(isSharedApiRead(path), path).toBe(true);
    for (const path of ["/api/v1/licenses", "/api/v1/me/collections", "/api/v1/clips/42/license", "/videos"])
      expect(isSharedApiRead(path), path).toBe(false);
  });

  it("count an anonymous request against the address's limit and let any cache keep the answer", async () => {
    await withinOneMinuteWindow();
    const first = await sharedReadHeaders({ authorization: undefined, clientIp: "10.60.0.1" });
    const second = await sharedReadHeaders({ authorization: undefined, clientIp: "10.60.0.1" });
    expect(first).toMatchObject({
      "ratelimit-limit": String(RATE_LIMIT_POLICIES.api_anonymous.perIp.limit),
      "cache-control": "public, max-age=60",
    });
    expect(Number(second!["ratelimit-remaining"])).toBe(Number(first!["ratelimit-remaining"]) - 1);
  });

  it("take a valid key as its owner's (private answer), and send an unknown or malformed key the full way", async () => {
    const { authorization } = await keyOfNewAccount();
    expect(await sharedReadHeaders({ authorization, clientIp: "10.60.0.2" })).toMatchObject({
      "cache-control": "private, no-cache",
      "ratelimit-limit": String(RATE_LIMIT_POLICIES.api_key.perUser.limit),
    });
    const unknown = `Bearer vrd_${"x".repeat(40)}`;
    expect(await sharedReadHeaders({ authorization: unknown, clientIp: "10.60.0.2" })).toBeNull();
    expect(await sharedReadHeaders({ authorization: "Bearer \u0000", clientIp: "10.60.0.2" })).toBeNull();
    expect(await sharedReadHeaders({ authorization: "Basic abc", clientIp: "10.60.0.2" })).toBeNull();
  });

  it("stop taking a key revoked in this process at once, though it was authenticated a moment ago", async () => {
    const { account, keyId, authorization } = await keyOfNewAccount();
    expect(await sharedReadHeaders({ authorization, clientIp: "10.60.0.3" })).not.toBeNull();
    expect((await revokeApiKey({ userId: account.id, keyId })).ok).toBe(true);
    expect(await sharedReadHeaders({ authorization, clientIp: "10.60.0.3" })).toBeNull();
  });

  it("stop taking a suspended owner's key at once", async () => {
    const { account, authorization } = await keyOfNewAccount();
    const staff = await createAccount({ role: "developer" });
    expect(await sharedReadHeaders({ authorization, clientIp: "10.60.0.4" })).not.toBeNull();
    await setUserSuspended({ userId: account.id, suspended: true, actor: { id: staff.id } });
    expect(await sharedReadHeaders({ authorization, clientIp: "10.60.0.4" })).toBeNull();
  });

  it("check recent keys again together past half their age: one revoked on another node is forgotten, the others kept", async () => {
    const keys = await Promise.all([keyOfNewAccount(), keyOfNewAccount(), keyOfNewAccount()]);
    for (const { authorization } of keys)
      expect(await sharedReadHeaders({ authorization, clientIp: "10.60.0.6" })).not.toBeNull();
    // Another node's revoke: the row changes, this process hears nothing.
    await database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keys[0]!.keyId));
    const later = new Date(Date.now() + CALLER_TTL_MS / 2 + 100);
    // Still taken until the check, which every key past half its age joins.
    for (const { authorization } of keys) expect(recentApiCaller(authorization, later)).toBeDefined();
    await expect.poll(() => recentApiCaller(keys[0]!.authorization)).toBeUndefined();
    expect(recentApiCaller(keys[1]!.authorization)?.keyId).toBe(keys[1]!.keyId);
    expect(recentApiCaller(keys[2]!.authorization)?.keyId).toBe(keys[2]!.keyId);
  });

  it("send a request over its limit the full way, which refuses it", async () => {
    // The hits must fall in one minute's window.
    await withinOneMinuteWindow(10_000);
    const { limit } = RATE_LIMIT_POLICIES.api_anonymous.perIp;
    for (let n = 0; n < limit; n++)
      expect(await sharedReadHeaders({ authorization: undefined, clientIp: "10.60.0.5" })).not.toBeNull();
    expect(await sharedReadHeaders({ authorization: undefined, clientIp: "10.60.0.5" })).toBeNull();
  });
});
