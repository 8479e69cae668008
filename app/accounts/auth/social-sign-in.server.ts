import { type Locale, localizedPath } from "~/platform/i18n/locales";
import { logger } from "~/platform/logger.server";
import { auth } from "./auth.server";
import { OAUTH_PROVIDERS, type OAuthProvider } from "./oauth-profile";
import { configuredProviders } from "./oauth-providers.server";

const CALLBACK_PATH = "/auth/callback";

/**
 * Starts Google or GitHub sign-in: better-auth stores state and the PKCE verifier and returns the
 * provider's URL, where the browser goes with the state cookies (routes/social-sign-in.action.server.ts).
 * Refused when the provider is unknown or not configured, or better-auth could not start. The
 * provider sends the person back to the callback page in `language`, the page they started from.
 */
export async function startSocialSignIn(
  provider: string,
  request: Request,
  language: Locale,
): Promise<
  | { ok: true; value: { url: string; cookies: string[] } }
  | { ok: false; reason: "unknown_provider" | "not_configured" | "not_started" }
> {
  if (!OAUTH_PROVIDERS.includes(provider as OAuthProvider)) return { ok: false, reason: "unknown_provider" };
  if (!configuredProviders().includes(provider as OAuthProvider)) {
    const env = provider.toUpperCase();
    logger.warn(
      `${provider} sign-in was tried but is not configured: set ${env}_CLIENT_ID and ${env}_CLIENT_SECRET`,
    );
    return { ok: false, reason: "not_configured" };
  }
  try {
    const callback = localizedPath(language, CALLBACK_PATH);
    const { headers, response } = await auth().api.signInSocial({
      body: { provider, callbackURL: callback, errorCallbackURL: `${callback}?error=oauth` },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!response.url) return { ok: false, reason: "not_started" };
    return { ok: true, value: { url: response.url, cookies: headers.getSetCookie() } };
  } catch (error) {
    logger.warn({ err: error }, `${provider} sign-in could not start`);
    return { ok: false, reason: "not_started" };
  }
}
