import { redirect } from "react-router";
import { logger } from "~/platform/logger.server";
import { auth } from "./auth.server";
import { OAUTH_PROVIDERS, type OAuthProvider } from "./oauth-profile";
import { configuredProviders } from "./oauth-providers.server";

const CALLBACK_PATH = "/auth/callback";

/**
 * Starts Google or GitHub sign-in: better-auth stores state and the PKCE verifier and returns the
 * provider's URL; the browser is redirected there with the state cookie. Returns null when the
 * provider is unknown or not configured (the page then shows the spec's social failure message).
 */
export async function startSocialSignIn(provider: string, request: Request): Promise<Response | null> {
  if (!OAUTH_PROVIDERS.includes(provider as OAuthProvider)) return null;
  if (!configuredProviders().includes(provider as OAuthProvider)) {
    const env = provider.toUpperCase();
    logger.warn(
      `${provider} sign-in was tried but is not configured: set ${env}_CLIENT_ID and ${env}_CLIENT_SECRET`,
    );
    return null;
  }
  try {
    const { headers, response } = await auth().api.signInSocial({
      body: { provider, callbackURL: CALLBACK_PATH, errorCallbackURL: `${CALLBACK_PATH}?error=oauth` },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!response.url) return null;
    const out = new Headers();
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    return redirect(response.url, { headers: out });
  } catch (error) {
    logger.warn({ err: error }, `${provider} sign-in could not start`);
    return null;
  }
}
