import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUserSuspended } from "~/accounts/people/user-admin.server";
import { revokeStepPath } from "~/api/components/revoke-key";
import { API_KEY_MESSAGES, API_KEYS_CREATED_PER_DAY_MAX, API_KEYS_PER_USER_MAX } from "~/api/keys/api-keys";
import { authenticateApiKey, createApiKey, revokeApiKey } from "~/api/keys/api-keys.server";
import { action, loader } from "~/api/routes/profile-api";
import { apiKeys } from "~/api/schema.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { createAccount, sessionCookie } from "../factories/accounts";
import { apiKeyFor, callApi } from "../factories/api";
import { routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";
import { withinOneMinuteWindow } from "../support/rate-limit-window";

const database = useTestDatabase();

async function signedInUser() {
  const account = await createAccount();
  return { account, cookie: await sessionCookie(account.email) };
}

function postKeysForm(cookie: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields);
  const request = new Request("http://localhost:3000/profile/api", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return settle(() => action(routeArgs(request) as never));
}

function loadKeys(cookie: string, search = "") {
  const request = new Request(`http://localhost:3000/profile/api${search}`, { headers: { Cookie: cookie } });
  return settle(() => loader(routeArgs(request) as never));
}

describe("API keys in the profile", () => {
  it("creates a named key with its scopes, shows the secret once and stores only its hash", async () => {
    const { account, cookie } = await signedInUser();
    const created = await postKeysForm(cookie, [
      ["name", "CMS plugin"],
      ["scopes", "read"],
      ["scopes", "license"],
    ]);
    const secret = (created.data as { secret: string }).secret;
    expect(secret).toMatch(/^vrd_[A-Za-z0-9_-]{40}$/);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.userId, account.id));
    expect(row?.scopes).toEqual(["read", "license"]);
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    const listed = (await loadKeys(cookie)).data as { keys: { prefix: string; name: string }[] };
    expect(listed.keys).toEqual([
      expect.objectContaining({ name: "CMS plugin", prefix: secret.slice(0, 12) }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it("refuses a key without a name or without a scope, with the page's messages", async () => {
    const { cookie } = await signedInUser();
    const noName = await postKeysForm(cookie, [
      ["name", "  "],
      ["scopes", "read"],
    ]);
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.data)).toContain(API_KEY_MESSAGES.nameRequired);
    const noScope = await postKeysForm(cookie, [["name", "App"]]);
    expect(JSON.stringify(noScope.data)).toContain(API_KEY_MESSAGES.scopeRequired);
    const badScope = await postKeysForm(cookie, [
      ["name", "App"],
      ["scopes", "admin"],
    ]);
    expect(badScope.status).toBe(400);
  });

  it("revoking a key refuses it from then on, and only its owner can revoke it", async () => {
    const { account, cookie } = await signedInUser();
    const other = await signedInUser();
    const created = await createApiKey({ userId: account.id, name: "App", scopes: ["read"] });
    if (!created.ok) throw new Error("no key");
    expect((await callApi("GET", "/licenses", { key: created.value.secret })).status).toBe(200);
    const stranger = await postKeysForm(other.cookie, [
      ["intent", "revoke"],
      ["keyId", created.value.key.id],
      ["confirmed", "yes"],
    ]);
    expect(stranger.status).toBe(404);
    expect((await callApi("GET", "/licenses", { key: created.value.secret })).status).toBe(200);
    const revoked = await postKeysForm(cookie, [
      ["intent", "revoke"],
      ["keyId", created.value.key.id],
      ["confirmed", "yes"],
    ]);
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe("/profile/api");
    const refused = await callApi("GET", "/licenses", { key: created.value.secret });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Content-Type")).toContain("application/problem+json");
    const listed = (await loadKeys(cookie)).data as { keys: { revokedAt: string | null }[] };
    expect(listed.keys[0]?.revokedAt).not.toBeNull();
  });

  it("a revoke without its confirmation revokes nothing and asks first", async () => {
    const { account, cookie } = await signedInUser();
    const created = await createApiKey({ userId: account.id, name: "App", scopes: ["read"] });
    if (!created.ok) throw new Error("no key");
    const unconfirmed = await postKeysForm(cookie, [
      ["intent", "revoke"],
      ["keyId", created.value.key.id],
    ]);
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.location).toBe(revokeStepPath(created.value.key.id));
    expect((await callApi("GET", "/licenses", { key: created.value.secret })).status).toBe(200);
    const asked = (await loadKeys(cookie, `?revoke=${created.value.key.id}`)).data as { confirming: string };
    expect(asked.confirming).toBe(created.value.key.id);
    const stranger = await signedInUser();
    const notTheirs = (await loadKeys(stranger.cookie, `?revoke=${created.value.key.id}`)).data as {
      confirming: string | null;
    };
    expect(notTheirs.confirming).toBeNull();
  });

  it("a suspended owner's keys are refused, and work again once reinstated", async () => {
    const { account } = await signedInUser();
    const staff = await createAccount({ role: "developer" });
    const created = await createApiKey({ userId: account.id, name: "App", scopes: ["read"] });
    if (!created.ok) throw new Error("no key");
    await setUserSuspended({ userId: account.id, suspended: true, actor: { id: staff.id } });
    expect((await authenticateApiKey(created.value.secret)).ok).toBe(false);
    expect((await callApi("GET", "/clips/popular", { key: created.value.secret })).status).toBe(401);
    await setUserSuspended({ userId: account.id, suspended: false, actor: { id: staff.id } });
    expect((await callApi("GET", "/clips/popular", { key: created.value.secret })).status).toBe(200);
  });

  it("notes when a key was last used", async () => {
    const { account } = await signedInUser();
    const created = await createApiKey({ userId: account.id, name: "App", scopes: ["read"] });
    if (!created.ok) throw new Error("no key");
    expect(created.value.key.lastUsedAt).toBeNull();
    await callApi("GET", "/niches", { key: created.value.secret });
    await expect
      .poll(
        async () =>
          (await database.db.select().from(apiKeys).where(eq(apiKeys.id, created.value.key.id)))[0]
            ?.lastUsedAt,
      )
      .not.toBeNull();
  });

  it(`stops at ${API_KEYS_PER_USER_MAX} active keys`, async () => {
    const { account, cookie } = await signedInUser();
    for (let i = 0; i < API_KEYS_PER_USER_MAX; i++)
      await createApiKey({ userId: account.id, name: `k${i}`, scopes: ["read"] });
    const refused = await postKeysForm(cookie, [
      ["name", "one more"],
      ["scopes", "read"],
    ]);
    expect(JSON.stringify(refused.data)).toContain(API_KEY_MESSAGES.tooMany);
  });

  it(`stops creating keys after ${API_KEYS_CREATED_PER_DAY_MAX} a day, even when each is revoked, and says so on the page`, async () => {
    const { account, cookie } = await signedInUser();
    for (let i = 0; i < API_KEYS_CREATED_PER_DAY_MAX; i++) {
      const created = await createApiKey({ userId: account.id, name: `k${i}`, scopes: ["read"] });
      if (!created.ok) throw new Error(`key ${i} refused: ${created.reason}`);
      expect((await revokeApiKey({ userId: account.id, keyId: created.value.key.id })).ok).toBe(true);
    }
    const refused = await postKeysForm(cookie, [
      ["name", "one more"],
      ["scopes", "read"],
    ]);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain(API_KEY_MESSAGES.tooManyToday);
    expect(JSON.stringify(refused.data)).toContain("one more");
    // Another account is not held by this one's count.
    const other = await createAccount();
    expect((await createApiKey({ userId: other.id, name: "App", scopes: ["read"] })).ok).toBe(true);
  });

  it("an account's keys share one quota, whatever key and address each request uses", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const keys = [
      await apiKeyFor(account.id),
      await apiKeyFor(account.id, ["read"], "Second"),
      await apiKeyFor(account.id, ["read"], "Third"),
    ];
    const addresses = ["198.51.100.201", "198.51.100.202", "198.51.100.203"];
    const quota = RATE_LIMIT_POLICIES.api_key.perUser.limit;
    // The account's quota is the binding one: one key or one address alone would allow more.
    expect(quota).toBeLessThan(RATE_LIMIT_POLICIES.api_key.perKey.limit * keys.length);
    expect(quota).toBeLessThan(RATE_LIMIT_POLICIES.api_key.perIp.limit * addresses.length);
    // 600 requests and 9 refusals take a few seconds on a loaded machine: all in one window.
    await withinOneMinuteWindow(20_000);
    const statuses: number[] = [];
    for (let start = 0; start < quota; start += 20) {
      const batch = Array.from({ length: Math.min(20, quota - start) }, (_, offset) => start + offset);
      statuses.push(
        ...(await Promise.all(
          batch.map(
            async (n) =>
              (
                await callApi("GET", "/niches", { key: keys[n % 3], ip: addresses[Math.floor(n / 3) % 3] })
              ).status,
          ),
        )),
      );
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    for (const key of keys)
      for (const ip of addresses) {
        const refused = await callApi("GET", "/niches", { key, ip });
        expect(refused.status).toBe(429);
        expect(refused.headers.get("Content-Type")).toContain("application/problem+json");
        expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
      }
    // Another account's key, from the same addresses, has its own quota.
    const otherKey = await apiKeyFor(other.id);
    expect((await callApi("GET", "/niches", { key: otherKey, ip: addresses[0] })).status).toBe(200);
  }, 120_000);

  it("the page sends a visitor without a session to sign in", async () => {
    const request = new Request("http://localhost:3000/profile/api");
    const result = await settle(() => loader(routeArgs(request) as never));
    expect(result.status).toBe(302);
  });
});
