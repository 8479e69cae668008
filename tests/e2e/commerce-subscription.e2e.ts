import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENEWAL_NOTICE, SUBSCRIPTION_STATE_LABELS } from "~/commerce/billing/subscriptions";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { type ServerProcess, startBuiltServer } from "../support/server-process";
import { DEMO_BUYER } from "./accounts-helpers";
import { DESKTOP, getBrowser, VISITOR_LOCALE, waitForHydrationOnNavigation } from "./browser";

/**
 * Buying Pro monthly with a card, as a person does it: a server of its own with Stripe pointed at
 * the local fake Stripe (its Checkout page takes the card, its portal cancels), whose webhooks
 * reach this server over HTTP. WORKERS=0: no job runs here (the demo clips are not rendered; the
 * subscription needs none of them, and its webhooks are answered in the request).
 */
const SECRET = "whsec_e2e_subscriptions";
let fake: FakeStripe;
let server: ServerProcess;
let context: BrowserContext | undefined;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: SECRET });
  server = await startBuiltServer(
    {
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      WORKERS: "0",
    },
    { dataDir: mkdtempSync(path.join(tmpdir(), "verdeo-e2e-subs-")) },
  );
  fake.setWebhookUrl(`${server.url}/webhooks/stripe`);
}, 300_000);

afterAll(async () => {
  await context?.close();
  await server?.stop();
  await fake?.close();
});

async function openPage(): Promise<Page> {
  context = await (await getBrowser()).newContext({
    baseURL: server.url,
    viewport: DESKTOP,
    locale: VISITOR_LOCALE,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  waitForHydrationOnNavigation(page);
  return page;
}

describe("a Pro subscription bought with a card", () => {
  it("buy Pro monthly, see it in the profile, cancel it in the portal, and the profile says when it ends", async () => {
    const page = await openPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_BUYER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_BUYER.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL("**/profile");

    await page.goto("/pricing");
    const pro = page.getByTestId("plan-pro");
    await pro.getByText("Monthly", { exact: true }).click();
    await pro.getByRole("button", { name: /^Choose/ }).click();
    await page.waitForURL("**/checkout");
    expect(await page.getByTestId("renewal-notice").textContent()).toBe(RENEWAL_NOTICE.monthly);
    await page.locator("main").getByLabel("Company").fill("Northwind Films");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();

    // Stripe's Checkout (the fake's page): the card pays the first month of the subscription.
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByText(/per period/).waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL("**/checkout/success**");
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ mode: "subscription", status: "complete" });

    await page.goto("/profile?tab=orders");
    const card = page.getByTestId("subscription-card");
    await card.waitFor();
    expect(await card.getByTestId("subscription-state").textContent()).toBe(SUBSCRIPTION_STATE_LABELS.active);
    expect(await card.getByTestId("subscription-detail").textContent()).toMatch(
      /^Renews on \d{1,2} \w+ \d{4} · €/,
    );

    await card.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL(`${fake.url}/portal/**`);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.waitForURL("**/profile?tab=orders");

    const after = page.getByTestId("subscription-card");
    await after.getByText(SUBSCRIPTION_STATE_LABELS.ending).waitFor();
    expect(await after.getByTestId("subscription-detail").textContent()).toMatch(
      /^Ends on \d{1,2} \w+ \d{4}$/,
    );
  });
});
