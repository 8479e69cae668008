import type pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, expect, inject } from "vitest";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_PASSWORD, signIn } from "./accounts-helpers";
import { DESKTOP, expectAccessible, newPage, PHONE } from "./browser";

/** The steps of buying that the checkout browser tests share: choosing a plan, placing an order, checking a page in both themes. */

/** The e2e server's own PostgreSQL (a Unix socket in its DATA_DIR), to check what was stored. */
let client: pg.Client | undefined;
export async function database() {
  if (client) return client;
  client = await connectToServerDatabase(inject("dataDir"));
  return client;
}
afterAll(async () => {
  await client?.end();
});

/** The order as stored, its rate as a number (a numeric column: Québec's is 1497.5 basis points). */
export async function storedOrder(orderNumber: string) {
  const result = await (await database()).query("select * from orders where upper(left(id::text, 8)) = $1", [
    orderNumber,
  ]);
  expect(result.rows).toHaveLength(1);
  const [order] = result.rows;
  return { ...order, vat_rate_bps: Number(order.vat_rate_bps) };
}

export async function choose(
  page: Page,
  plan: "creator" | "business" | "pro",
  option?: { downloads?: string; billing?: "Monthly" | "Annual" },
) {
  await page.goto("/pricing");
  const card = page.getByTestId(`plan-${plan}`);
  if (option?.downloads) await card.getByText(option.downloads, { exact: true }).click();
  if (option?.billing) await card.getByText(option.billing, { exact: true }).click();
  await card.getByRole("button", { name: /^Choose/ }).click();
  await page.waitForURL("**/checkout");
}

export async function fillAndPlace(page: Page, email = "guest@example.com") {
  const emailField = page.locator("main").getByLabel("Email");
  if ((await emailField.inputValue()) === "") await emailField.fill(email);
  await page.locator("main").getByLabel("Company").fill("Northwind Films");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL("**/checkout/success");
}

export const summary = (page: Page, id: string) => page.getByTestId(id).textContent();

export async function applyCode(page: Page, code: string) {
  await page.getByLabel("Promo code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

/**
 * Axe in the light and the dark theme (the system's preference, followed live); with SHOTS_DIR set,
 * full-page screenshots at desktop and phone width in both, to look at.
 */
export async function checkThemes(page: Page, name: string) {
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(isDark).toBe(colorScheme === "dark");
    // Colours change with a transition: axe measures the contrast once it has ended.
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    await expectAccessible(page);
    const dir = process.env.SHOTS_DIR;
    for (const viewport of dir ? [DESKTOP, PHONE] : []) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${dir}/${name}-${colorScheme}-${viewport.width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
}

export async function markPaidByStaff(orderId: string) {
  const staff = await newPage();
  await signIn(staff, "dev@verdeo.local", DEMO_PASSWORD);
  await staff.goto(`/staff/orders/${orderId}`);
  await staff.getByLabel("Payment reference").fill("Bank transfer for the clip journey");
  await staff.getByRole("button", { name: "Mark paid" }).click();
  await staff.getByText("Paid", { exact: true }).first().waitFor();
  await staff.context().close();
}
