import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "~/payments/money";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { pdfText } from "../support/pdf-text";
import { type ServerProcess, startBuiltServer } from "../support/server-process";
import { DEMO_BUYER } from "./accounts-helpers";
import {
  accessibilityViolations,
  DESKTOP,
  getBrowser,
  PHONE,
  tabTo,
  waitForHydrationOnNavigation,
} from "./browser";

/**
 * Prices in the buyer's currency, as a person meets them: a server of its own with Stripe pointed
 * at the fake Stripe, the demo seed's ECB rates (2026-11-27: 1 EUR = 1.0812 USD) and its price
 * points ($99.00 for Creator, 10 downloads).
 */
const SECRET = "whsec_e2e_currencies";
let fake: FakeStripe;
let server: ServerProcess;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: SECRET });
  server = await startBuiltServer(
    {
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      WORKERS: "0",
    },
    { dataDir: mkdtempSync(path.join(tmpdir(), "verdeo-e2e-currencies-")) },
  );
  fake.setWebhookUrl(`${server.url}/webhooks/stripe`);
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
  await fake?.close();
});

async function openPage(
  options: { viewport?: typeof DESKTOP; locale?: string; colorScheme?: "light" | "dark" } = {},
) {
  const context = await (await getBrowser()).newContext({
    baseURL: server.url,
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? "de-DE",
    colorScheme: options.colorScheme ?? "light",
  });
  contexts.push(context);
  // A German-speaking browser whose person chose the English pages (the language switcher's
  // cookie): what is tested here is the currency, which follows the region, not the language.
  await context.addCookies([{ name: "lang", value: "en", url: server.url }]);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  waitForHydrationOnNavigation(page);
  return page;
}

const usd = (cents: number) => formatMoney(cents, undefined, "USD");
const creatorTier = (page: Page, downloads: string) =>
  page.getByTestId("plan-creator").locator("label", { hasText: new RegExp(`^${downloads}`) });

describe("prices in the buyer's currency", () => {
  it("a visitor choosing US dollars sees dollar prices, pays by card in dollars and gets a dollar invoice", async () => {
    const page = await openPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_BUYER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_BUYER.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL("**/profile");

    await page.goto("/pricing");
    expect(await creatorTier(page, "10 downloads").textContent()).toContain("€89.00");
    const switcher = page.locator("main").getByRole("form", { name: "Pricing currency" });
    await switcher.getByLabel("Prices in").selectOption("USD");
    await switcher.getByRole("button", { name: "Change currency" }).click();
    await expect.poll(() => creatorTier(page, "10 downloads").textContent()).toContain(usd(9_900));
    expect(await page.getByTestId("pro-price").textContent()).toContain("$");
    expect(await page.locator("main").textContent()).toContain("All prices in USD");

    await page.getByTestId("plan-creator").getByText("10 downloads", { exact: true }).click();
    await page
      .getByTestId("plan-creator")
      .getByRole("button", { name: /^Choose/ })
      .click();
    await page.waitForURL("**/checkout");
    expect(await page.getByTestId("subtotal").textContent()).toBe(usd(9_900));
    expect(await accessibilityViolations(page)).toEqual([]);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/checkout-usd-light-1280.png`, fullPage: true });
    await page.locator("main").getByLabel("Company").fill("Northwind Films");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByText(/Pay USD/).waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL("**/checkout/success**");
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ mode: "payment", status: "complete", currency: "usd" });

    const orderId = session.client_reference_id as string;
    await page.goto(`/orders/${orderId}`);
    const total = await page.getByTestId("order-amounts").getByTestId("total").textContent();
    expect(total).toBe(usd(session.amount_total as number));
    const invoice = await page.request.get(`/orders/${orderId}/invoice.pdf`);
    expect(invoice.status()).toBe(200);
    const text = pdfText(await invoice.body()).replace(/\s+/g, " ");
    // The invoice reads in the buyer's language (this browser's de-DE): "99,00 $".
    // (Intl puts a no-break space before the symbol; the PDF's text has a plain one.)
    const usdForBuyer = (cents: number) => formatMoney(cents, "de-DE", "USD").replace(/\s/g, " ");
    expect(text).toContain(usdForBuyer(9_900));
    expect(text).toContain(usdForBuyer(session.amount_total as number));
    expect(text.replace(/\s+/g, " ")).toContain("Exchange rate: 1 EUR = 1.0812 USD (ECB, 2026-11-27)");
    expect(text).toContain("VAT in EUR");
  });

  it("a visitor from the US sees dollars without choosing, and the footer's switcher works by keyboard", async () => {
    const page = await openPage({ locale: "en-US" });
    await page.goto("/pricing");
    expect(await creatorTier(page, "10 downloads").textContent()).toContain(usd(9_900));
    const footer = page.locator("footer").getByRole("form", { name: "Currency" });
    const select = footer.getByLabel("Prices in");
    expect(await select.inputValue()).toBe("USD");
    await tabTo(page, select, 250);
    await select.selectOption("GBP");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => creatorTier(page, "10 downloads").textContent()).toContain("£");
    expect(await page.locator("footer").getByLabel("Prices in").inputValue()).toBe("GBP");
  });

  it("the pricing page and the switcher are accessible in both themes at desktop and phone width", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await openPage({ locale: "en-US", colorScheme, viewport });
        await page.goto("/pricing");
        await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
        expect(await accessibilityViolations(page)).toEqual([]);
        const dir = process.env.SHOTS_DIR;
        if (dir) {
          await page.screenshot({
            path: `${dir}/pricing-usd-${colorScheme}-${viewport.width}.png`,
            fullPage: true,
          });
          await page
            .locator("footer")
            .screenshot({ path: `${dir}/footer-switcher-${colorScheme}-${viewport.width}.png` });
        }
      }
    }
  });

  it("staff see each tier's price per currency with suggestions and the rates' day, accessible in both themes", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await openPage({ colorScheme, viewport });
        await page.goto("/login");
        await page.getByLabel("Email").fill("dev@verdeo.local");
        await page.getByLabel("Password", { exact: true }).fill(DEMO_BUYER.password);
        await page.getByRole("button", { name: "Log In", exact: true }).click();
        await page.waitForURL((url) => !url.pathname.startsWith("/login"));
        await page.goto("/staff/plans");
        const creator = page.locator("section", { has: page.getByRole("heading", { name: /^Creator/ }) });
        expect(await creator.getByLabel("Price (USD)").first().inputValue()).toBe("59.00");
        await creator.getByText("Suggested 59.00").first().waitFor();
        // The seed's rates are from 2026-11-27: stale once four days have passed.
        await page
          .getByTestId(Date.now() > Date.parse("2026-12-01T00:00:00Z") ? "rates-stale" : "rates-date")
          .waitFor();
        await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
        expect(await accessibilityViolations(page)).toEqual([]);
        if (process.env.SHOTS_DIR)
          await page.screenshot({
            path: `${process.env.SHOTS_DIR}/staff-plans-${colorScheme}-${viewport.width}.png`,
            fullPage: true,
          });
      }
    }
  });
});
