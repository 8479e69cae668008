import type { BetterAuthPlugin } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import { config } from "~/platform/config.server";
import { stashOAuthMetadata } from "./oauth-metadata.server";
import { avatarUrlFrom, fullNameFrom, metadataFromProvider, type OAuthProvider } from "./oauth-profile";

/** Keeps the provider's own data for the callback screen and maps it to the auth user. */
function mapProfile(provider: OAuthProvider) {
  return async (raw: Record<string, unknown>) => {
    const metadata = metadataFromProvider(provider, raw);
    if (typeof raw.email === "string") await stashOAuthMetadata(raw.email, metadata);
    return { name: fullNameFrom(metadata), image: avatarUrlFrom(metadata) ?? undefined };
  };
}

/** The providers that can be used right now (configured with credentials, or the test fake). */
export function configuredProviders(): OAuthProvider[] {
  const c = config();
  if (c.OAUTH_MOCK_URL) return ["google", "github"];
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
