import { afterAll, beforeAll } from "vitest";
import { action as webhookAction } from "~/commerce/routes/stripe-webhook";
import { loadConfig } from "~/platform/config.server";
import { routeArgs } from "../factories/commerce";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";

/**
 * The fake Stripe for one integration test file, with the app configured to use it. Its events go
 * to the webhook route as they would over HTTP, when the test delivers them (`lastResponse` is the
 * route's last answer).
 */
export function useFakeStripe(webhookSecret: string) {
  const handle = { fake: undefined as unknown as FakeStripe, lastResponse: undefined as unknown as Response };
  beforeAll(async () => {
    handle.fake = await startFakeStripe({
      webhookSecret,
      autoDeliver: false,
      deliver: async (payload, signature) => {
        const request = new Request("http://localhost/webhooks/stripe", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
          body: payload,
        });
        handle.lastResponse = (await webhookAction(routeArgs(request) as never)) as Response;
        return handle.lastResponse;
      },
    });
    process.env.STRIPE_SECRET_KEY = "sk_test_fake";
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    process.env.STRIPE_API_URL = handle.fake.url;
    loadConfig();
  });
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
    loadConfig();
    await handle.fake.close();
  });
  return handle;
}
