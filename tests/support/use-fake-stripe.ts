import { afterAll, beforeAll } from "vitest";
import { action as webhookAction } from "~/payments/routes/stripe-webhook";
import { loadConfig } from "~/platform/config.server";
import { routeArgs } from "../factories/commerce";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";

/**
 * The fake Stripe for one integration test file, with the app configured to use it. Its events go
 * to the webhook route as they would over HTTP, when the test delivers them (`lastResponse` is the
 * route's last answer): Connect events to /webhooks/stripe/connect, signed with the Connect
 * endpoint's own secret (`<webhookSecret>_connect` unless given), the others to /webhooks/stripe.
 */
export function useFakeStripe(webhookSecret: string, connectWebhookSecret = `${webhookSecret}_connect`) {
  const handle = { fake: undefined as unknown as FakeStripe, lastResponse: undefined as unknown as Response };
  beforeAll(async () => {
    handle.fake = await startFakeStripe({
      webhookSecret,
      connectWebhookSecret,
      autoDeliver: false,
      deliver: async (payload, signature, endpoint) => {
        const path = endpoint === "connect" ? "/webhooks/stripe/connect" : "/webhooks/stripe";
        const request = new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
          body: payload,
        });
        const params = endpoint === "connect" ? { endpoint: "connect" } : {};
        handle.lastResponse = (await webhookAction({ ...routeArgs(request), params } as never)) as Response;
        return handle.lastResponse;
      },
    });
    process.env.STRIPE_SECRET_KEY = "sk_test_fake";
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    process.env.STRIPE_CONNECT_WEBHOOK_SECRET = connectWebhookSecret;
    process.env.STRIPE_API_URL = handle.fake.url;
    loadConfig();
  });
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
    loadConfig();
    await handle.fake.close();
  });
  return handle;
}
