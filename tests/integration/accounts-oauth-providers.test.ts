import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PROVIDER_CREDENTIALS } from "~/accounts/auth/oauth-providers.server";
import { action, loader } from "~/accounts/routes/api-auth";
import { action as callbackAction } from "~/accounts/routes/auth-callback";
import { action as signupAction } from "~/accounts/routes/signup";
import { account, profiles, user } from "~/accounts/schema.server";
import { loadConfig } from "~/platform/config.server";
import { createAccount } from "../factories/accounts";
import { routeArgs } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

/**
 * The production Google and GitHub providers of better-auth, unchanged, signing in against a local
 * fake of the endpoints they call (OAUTH_PROVIDER_URL routes their requests to it): consent page,
 * token exchange with PKCE, Google's ID token signed with the fake's key, GitHub's user and e-mails.
 */
const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";

interface Identity {
  sub: string;
  email: string;
  verified: boolean;
  name: string;
}
let fake: Server;
let fakeUrl = "";
/** What the person signing in at the provider is; the consent page issues a code for them. */
let identity: Identity;
const codes = new Map<
  string,
  { identity: Identity; challenge: string; clientId: string; redirectUri: string }
>();
const tokens = new Map<string, Identity>();
const keys = await generateKeyPair("RS256");
const KEY_ID = "fake-google-key";

async function body(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

/** Google's and GitHub's endpoints, each under /<host>/<path> as OAUTH_PROVIDER_URL routes them. */
async function provider(request: IncomingMessage) {
  const url = new URL(request.url ?? "/", "http://fake");
  const json = (status: number, value: unknown) => ({
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value),
  });
  switch (`${request.method} ${url.pathname}`) {
    case "GET /accounts.google.com/o/oauth2/v2/auth":
    case "GET /github.com/login/oauth/authorize": {
      const code = randomBytes(8).toString("hex");
      const redirectUri = url.searchParams.get("redirect_uri")!;
      codes.set(code, {
        identity,
        challenge: url.searchParams.get("code_challenge") ?? "",
        clientId: url.searchParams.get("client_id")!,
        redirectUri,
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state")!);
      return { status: 302, headers: { location: back.href }, body: "" };
    }
    case "POST /oauth2.googleapis.com/token":
    case "POST /github.com/login/oauth/access_token": {
      const form = await body(request);
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (
        !grant ||
        (grant.challenge && grant.challenge !== challenge) ||
        form.get("redirect_uri") !== grant.redirectUri
      )
        return json(400, { error: "invalid_grant" });
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, grant.identity);
      const idToken = url.pathname.startsWith("/oauth2.googleapis.com")
        ? await new SignJWT({
            email: grant.identity.email,
            email_verified: grant.identity.verified,
            name: grant.identity.name,
          })
            .setProtectedHeader({ alg: "RS256", kid: KEY_ID })
            .setIssuer("https://accounts.google.com")
            .setAudience(grant.clientId)
            .setSubject(grant.identity.sub)
            .setIssuedAt()
            .setExpirationTime("10m")
            .sign(keys.privateKey)
        : undefined;
      return json(200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
        id_token: idToken,
      });
    }
    case "GET /www.googleapis.com/oauth2/v3/certs":
      return json(200, {
        keys: [{ ...(await exportJWK(keys.publicKey)), kid: KEY_ID, alg: "RS256", use: "sig" }],
      });
    case "GET /api.github.com/user":
    case "GET /api.github.com/user/emails": {
      const person = tokens.get((request.headers.authorization ?? "").replace(/^Bearer /i, ""));
      if (!person) return json(401, { message: "Bad credentials" });
      if (url.pathname.endsWith("/emails"))
        return json(200, [
          { email: person.email, primary: true, verified: person.verified, visibility: "public" },
        ]);
      return json(200, {
        id: Number(person.sub),
        login: person.name.split(" ")[0]!.toLowerCase(),
        name: person.name,
        email: person.email,
        avatar_url: null,
      });
    }
    default:
      return json(404, { error: "not_found" });
  }
}

beforeAll(async () => {
  fake = createServer((request, response) => {
    provider(request).then(
      (answer) => response.writeHead(answer.status, answer.headers).end(answer.body),
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  // Before the auth library is first used: it reads the configuration once.
  loadConfig({ ...process.env, PUBLIC_URL: ORIGIN, OAUTH_PROVIDER_URL: fakeUrl, OAUTH_MOCK_URL: "" });
});

afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

/** Cookies a browser would keep, from Set-Cookie headers. */
function keep(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    jar.set(name!, value.join("="));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The whole round trip a browser makes, with the provider's consent page answered by the fake. */
async function signInWith(providerId: "google" | "github", person: Identity) {
  identity = person;
  const jar = new Map<string, string>();
  const start = (await action({
    ...routeArgs(
      new Request(`${ORIGIN}/api/auth/sign-in/social`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ provider: providerId, callbackURL: "/auth/callback" }),
      }),
      "10.70.0.1",
    ),
    params: { "*": "sign-in/social" },
  })) as Response;
  expect(start.status).toBe(200);
  keep(jar, start);
  const consentPage = new URL(((await start.json()) as { url: string }).url);
  // The real provider's page, as production sends the browser there.
  expect(consentPage.origin).toBe(
    providerId === "google" ? "https://accounts.google.com" : "https://github.com",
  );
  expect(consentPage.searchParams.get("client_id")).toBe(TEST_PROVIDER_CREDENTIALS[providerId].clientId);

  const consent = await fetch(`${fakeUrl}/${consentPage.host}${consentPage.pathname}${consentPage.search}`, {
    redirect: "manual",
  });
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.pathname).toBe(`/api/auth/callback/${providerId}`);
  const done = await Promise.resolve(
    loader({
      ...routeArgs(new Request(callback, { headers: { Cookie: keep(jar, start) } }), "10.70.0.1"),
      params: { "*": `callback/${providerId}` },
    }),
  ).catch((thrown) => thrown as Response);
  const answer = done as Response;
  return {
    status: answer.status,
    location: answer.headers.get("location"),
    cookies: answer.headers.getSetCookie(),
  };
}

describe("Google and GitHub sign-in through the production providers, against a local fake", () => {
  it("Google: a first sign-in creates the account from the verified ID token and starts a session", async () => {
    const result = await signInWith("google", {
      sub: "g-1001",
      email: "lake.river@example.test",
      verified: true,
      name: "Lake River",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/auth/callback");
    expect(result.cookies.some((cookie) => cookie.startsWith("better-auth.session_token="))).toBe(true);
    const [created] = await database.db.select().from(user).where(eq(user.email, "lake.river@example.test"));
    expect(created).toMatchObject({ name: "Lake River", emailVerified: true });
    const accounts = await database.db.select().from(account).where(eq(account.userId, created!.id));
    expect(accounts.map((row) => [row.providerId, row.accountId])).toEqual([["google", "g-1001"]]);
  });

  it("GitHub: a verified primary e-mail of a member whose own e-mail is verified links GitHub to that member", async () => {
    const member = await createAccount({ email: "stone.field@example.test" });
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, member.id));
    const result = await signInWith("github", {
      sub: "424242",
      email: member.email,
      verified: true,
      name: "Stone Field",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/auth/callback");
    const people = await database.db.select().from(user).where(eq(user.email, member.email));
    expect(people.map((person) => person.id)).toEqual([member.id]);
    const accounts = await database.db.select().from(account).where(eq(account.userId, member.id));
    expect(accounts.map((row) => row.providerId).sort()).toEqual(["credential", "github"]);
    expect(accounts.find((row) => row.providerId === "github")?.accountId).toBe("424242");
  });

  it("GitHub: a member who never verified their e-mail is not taken over by whoever signs in with that address", async () => {
    const member = await createAccount({ email: "unverified.owner@example.test" });
    const result = await signInWith("github", {
      sub: "515151",
      email: member.email,
      verified: true,
      name: "Some One",
    });
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/error=account_not_linked/);
    const accounts = await database.db.select().from(account).where(eq(account.userId, member.id));
    expect(accounts.map((row) => row.providerId)).toEqual(["credential"]);
    expect(await database.db.select().from(user).where(eq(user.email, member.email))).toHaveLength(1);
  });

  it("a code the provider refuses ends on an error, with no account created", async () => {
    const before = (await database.db.select().from(user)).length;
    identity = { sub: "g-2002", email: "nobody@example.test", verified: true, name: "No Body" };
    const jar = new Map<string, string>();
    const start = (await action({
      ...routeArgs(
        new Request(`${ORIGIN}/api/auth/sign-in/social`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: ORIGIN },
          body: JSON.stringify({ provider: "google", callbackURL: "/auth/callback" }),
        }),
        "10.70.0.2",
      ),
      params: { "*": "sign-in/social" },
    })) as Response;
    const state = new URL(((await start.json()) as { url: string }).url).searchParams.get("state")!;
    const callback = new URL(`${ORIGIN}/api/auth/callback/google?code=forged&state=${state}`);
    const answer = (await Promise.resolve(
      loader({
        ...routeArgs(new Request(callback, { headers: { Cookie: keep(jar, start) } }), "10.70.0.2"),
        params: { "*": "callback/google" },
      }),
    ).catch((thrown) => thrown)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/error=/);
    expect((await database.db.select().from(user)).length).toBe(before);
  });
});

describe("social sign-in keeps the language of the page it started from", () => {
  it("begun on /de/signup, it returns to /de/auth/callback and the new profile speaks German", async () => {
    identity = { sub: "g-2001", email: "fluss.see@example.test", verified: true, name: "Fluss See" };
    const jar = new Map<string, string>();
    const started = (await Promise.resolve(
      signupAction({
        ...routeArgs(
          new Request(`${ORIGIN}/de/signup`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
            body: new URLSearchParams({ intent: "social", provider: "google" }),
          }),
          "10.70.0.9",
        ),
        params: { lang: "de" },
      } as never),
    ).catch((thrown) => thrown)) as Response;
    expect(started.status).toBe(302);
    keep(jar, started);
    const consentPage = new URL(started.headers.get("location")!);
    const consent = await fetch(
      `${fakeUrl}/${consentPage.host}${consentPage.pathname}${consentPage.search}`,
      {
        redirect: "manual",
      },
    );
    const callback = new URL(consent.headers.get("location")!);
    const done = (await Promise.resolve(
      loader({
        ...routeArgs(new Request(callback, { headers: { Cookie: keep(jar, started) } }), "10.70.0.9"),
        params: { "*": "callback/google" },
      }),
    ).catch((thrown) => thrown)) as Response;
    expect(done.headers.get("location")).toBe("/de/auth/callback");

    const cookie = keep(jar, done);
    const finished = (await Promise.resolve(
      callbackAction({
        ...routeArgs(
          new Request(`${ORIGIN}/de/auth/callback`, {
            method: "POST",
            headers: { Cookie: cookie, Origin: ORIGIN },
          }),
          "10.70.0.9",
        ),
        params: { lang: "de" },
      } as never),
    ).catch((thrown) => thrown)) as Response;
    expect(finished.headers.get("location")).toBe("/de/profile");
    const [created] = await database.db.select().from(user).where(eq(user.email, "fluss.see@example.test"));
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, created!.id));
    expect(profile?.language).toBe("de");
  });
});
