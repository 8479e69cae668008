import type { BetterAuthPlugin } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import { config } from "~/platform/config.server";
import { stashOAuthMetadata } from "./oauth-metadata.queries.server";
import { avatarUrlFrom, fullNameFrom, metadataFromProvider, type OAuthProvider } from "./oauth-profile";

/** Keeps the provider's own data for the callback screen and maps it to the auth user. */
function mapProfile(provider: OAuthProvider) {
  return async (raw: Record<string, unknown>) => {
    const metadata = metadataFromProvider(provider, raw);
    if (typeof raw.email === "string") await stashOAuthMetadata(raw.email, metadata);
    return { name: fullNameFrom(metadata), image: avatarUrlFrom(metadata) ?? undefined };
  };
}

/** The hosts Google's and GitHub's sign-in talks to, server side (tokens, keys, profiles). */
export const PROVIDER_HOSTS = [
  "accounts.google.com",
  "oauth2.googleapis.com",
  "www.googleapis.com",
  "openidconnect.googleapis.com",
  "github.com",
  "api.github.com",
] as const;

/** The client credentials tests use against a fake of the providers (OAUTH_PROVIDER_URL). */
export const TEST_PROVIDER_CREDENTIALS = {
  google: { clientId: "verdeo-google.apps.test", clientSecret: "verdeo-google-test-secret" },
  github: { clientId: "verdeo-github-test", clientSecret: "verdeo-github-test-secret" },
} as const;

/** The providers that can be used right now (configured with credentials, or the test fake). */
export function configuredProviders(): OAuthProvider[] {
  const c = config();
  if (c.OAUTH_MOCK_URL || c.OAUTH_PROVIDER_URL) return ["google", "github"];
  const providers: OAuthProvider[] = [];
  if (c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET) providers.push("google");
  if (c.GITHUB_CLIENT_ID && c.GITHUB_CLIENT_SECRET) providers.push("github");
  return providers;
}

/**
 * Google and GitHub through better-auth, with state and PKCE. With OAUTH_MOCK_URL set (tests only),
 * both are served by a local OpenID provider through the generic OAuth plugin under the same ids, so
 * the whole round trip (redirect, consent, token exchange, callback, session) runs over real HTTP.
 */
export function oauthConfiguration() {
  const c = config();
  const plugins: BetterAuthPlugin[] = [];
  const socialProviders: Record<string, unknown> = {};
  if (c.OAUTH_MOCK_URL) {
    const discoveryUrl = `${c.OAUTH_MOCK_URL.replace(/\/$/, "")}/.well-known/openid-configuration`;
    plugins.push(
      genericOAuth({
        config: (["google", "github"] as const).map((providerId) => ({
          providerId,
          discoveryUrl,
          clientId: `verdeo-${providerId}`,
          clientSecret: "verdeo-test-secret",
          scopes: ["openid", "email", "profile"],
          pkce: true,
          mapProfileToUser: mapProfile(providerId),
        })),
      }),
    );
  } else if (c.OAUTH_PROVIDER_URL) {
    // The production providers, unchanged; only where their requests go differs (tests).
    routeProviderRequests(c.OAUTH_PROVIDER_URL);
    for (const provider of ["google", "github"] as const) {
      socialProviders[provider] = {
        clientId:
          c[provider === "google" ? "GOOGLE_CLIENT_ID" : "GITHUB_CLIENT_ID"] ??
          TEST_PROVIDER_CREDENTIALS[provider].clientId,
        clientSecret:
          c[provider === "google" ? "GOOGLE_CLIENT_SECRET" : "GITHUB_CLIENT_SECRET"] ??
          TEST_PROVIDER_CREDENTIALS[provider].clientSecret,
        mapProfileToUser: mapProfile(provider),
      };
    }
  } else {
    if (c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET) {
      socialProviders.google = {
        clientId: c.GOOGLE_CLIENT_ID,
        clientSecret: c.GOOGLE_CLIENT_SECRET,
        mapProfileToUser: mapProfile("google"),
      };
    }
    if (c.GITHUB_CLIENT_ID && c.GITHUB_CLIENT_SECRET) {
      socialProviders.github = {
        clientId: c.GITHUB_CLIENT_ID,
        clientSecret: c.GITHUB_CLIENT_SECRET,
        mapProfileToUser: mapProfile("github"),
      };
    }
  }
  return { plugins, socialProviders };
}

let routedTo: string | undefined;

/**
 * Sends this process's requests to Google's and GitHub's hosts to `base` instead
 * (`https://api.github.com/user` → `<base>/api.github.com/user`). better-auth's providers fetch
 * their fixed endpoints through the global fetch, so this is the one seam that leaves their code as
 * it runs in production. Tests only: config refuses a plain-http base in a deployment. The redirect
 * that sends a browser to the provider's consent page is not rewritten: the test plays the browser.
 */
function routeProviderRequests(base: string) {
  if (routedTo === base) return;
  if (routedTo) throw new Error(`Provider requests already go to ${routedTo}`);
  routedTo = base;
  const hosts = new Set<string>(PROVIDER_HOSTS);
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== "https:" || !hosts.has(url.hostname)) return original(input, init);
    const request = new Request(input, init);
    const target = new URL(`${url.hostname}${url.pathname}${url.search}`, `${base.replace(/\/$/, "")}/`);
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    return original(target, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: request.redirect,
      signal: request.signal,
    });
  };
}
