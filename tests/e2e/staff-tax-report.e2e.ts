import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { THEME_STORAGE_KEY } from "~/constants";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_PASSWORD, newAccount, signIn, signUp } from "./accounts-helpers";
import { DESKTOP, expectAccessible, expectAt, expectVisible, newPage, PHONE } from "./browser";

/** The staff tax report (issue 38, point 5) and the refund that can end a subscription (point 4). */
const DEVELOPER = "dev@verdeo.local";
const run = Date.now().toString(36);

let client: pg.Client;
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  await client?.end();
});

/** A paid order with its invoice, straight in the server's database, paid on `paidAt`. */
async function invoicedOrder(order: {
  country: string;
  reason: string;
  rateBps: number;
  currency: string;
  eurRate: string;
  net: number;
  paidAt: string;
}) {
  const vat = Math.round((order.net * order.rateBps) / 10_000);
  const inserted = await client.query<{ id: string }>(
    `insert into orders (idempotency_key, plan_category, license_kind, billing, downloads, unit_price_cents,
       subtotal_cents, vat_rate_bps, vat_amount_cents, total_cents, currency, eur_rate, email, country, tax_reason,
       status, paid_at, payment_reference, created_at)
     values ($1, 'creator', 'standard', 'one_time', 10, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'paid', $11, 'transfer', $11)
     returning id`,
    [
      `tax-e2e-${run}-${Math.random()}`,
      order.net,
      order.rateBps,
      vat,
      order.net + vat,
      order.currency,
      order.eurRate,
      `tax-${run}@example.com`,
      order.country,
      order.reason,
      order.paidAt,
    ],
  );
  const counter = await client.query<{ last: number }>(
    "update invoice_counter set last_number = last_number + 1 returning last_number as last",
  );
  await client.query("insert into invoices (number, order_id, issued_at) values ($1, $2, $3)", [
    counter.rows[0]!.last,
    inserted.rows[0]!.id,
    order.paidAt,
  ]);
}

async function staffPage() {
  const page = await newPage();
  await signIn(page, DEVELOPER, DEMO_PASSWORD);
  return page;
}

/** Axe in light and dark, and (with SHOTS_DIR set) screenshots at desktop and phone width. */
async function checkThemes(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_STORAGE_KEY,
      value: theme,
    });
    await page.emulateMedia({ colorScheme: theme });
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle("dark", dark),
        theme === "dark",
      );
      if (viewport === DESKTOP) await expectAccessible(page);
      const dir = process.env.SHOTS_DIR;
      if (dir)
        await page.screenshot({
          path: path.join(dir, `${name}-${viewport === DESKTOP ? "desktop" : "phone"}-${theme}.png`),
          fullPage: true,
        });
    }
  }
}

describe("the staff tax report", () => {
  it("a developer opens it from the console, chooses a month, reads the totals per currency and downloads the CSV", async () => {
    await invoicedOrder({
      country: "IE",
      reason: "eu_consumer",
      rateBps: 2300,
      currency: "USD",
      eurRate: "1.080000",
      net: 10_000,
      paidAt: "2026-10-05T10:00:00Z",
    });
    await invoicedOrder({
      country: "FR",
      reason: "eu_consumer",
      rateBps: 2000,
      currency: "EUR",
      eurRate: "1",
      net: 5_000,
      paidAt: "2026-10-06T10:00:00Z",
    });

    const page = await staffPage();
    await page.goto("/staff");
    await page
      .getByRole("navigation", { name: "Staff console" })
      .getByRole("link", { name: "Tax report" })
      .click();
    await expectAt(page, "/staff/tax");
    await page.getByLabel("Period").selectOption("2026-10");
    await page.getByRole("button", { name: "Show" }).click();
    await expectAt(page, "/staff/tax?period=2026-10");
    await expectVisible(page.getByRole("heading", { name: "October 2026" }));
    const rows = page.getByRole("table", { name: /Tax per country/ });
    await expectVisible(
      rows
        .getByRole("row")
        .filter({ has: page.getByTitle("Ireland") })
        .filter({ hasText: "US$123.00" }),
    );
    // 123.00 USD at 1.08 is 113.89 EUR.
    await expectVisible(
      rows
        .getByRole("row")
        .filter({ has: page.getByTitle("Ireland") })
        .filter({ hasText: "€113.89" }),
    );
    await expectVisible(page.getByText(/One-Stop Shop return is quarterly/));

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the report (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("verdeo-tax-report-2026-10.csv");
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Period,Country,Tax reason,Rate %,Currency,Invoices,Credit notes,Net,Tax,Gross,Net EUR,Tax EUR,Gross EUR",
    );
    expect(
      lines.some(
        (line) =>
          line.startsWith("2026-10,IE,VAT of the buyer's EU country,23,USD,") &&
          line.endsWith(",123.00,92.59,21.30,113.89"),
      ),
    ).toBe(true);

    await page.goto("/staff/tax?period=2026-Q4");
    await expectVisible(page.getByRole("table", { name: /OSS summary/ }).getByText("Ireland (IE)"));
    await checkThemes(page, "staff-tax-report");
    await page.context().close();
  });
});

describe("refunding a subscription's order", () => {
  it("asks whether to cancel the subscription; ticked, the subscription ends with the refund", async () => {
    const buyer = await newPage();
    await signUp(buyer, newAccount());
    await buyer.goto("/pricing");
    const card = buyer.getByTestId("plan-pro");
    await card.getByText("Monthly", { exact: true }).click();
    await card.getByRole("button", { name: /^Choose/ }).click();
    await buyer.waitForURL("**/checkout");
    await buyer.locator("main").getByLabel("Company").fill("Northwind Films");
    await buyer.getByRole("checkbox", { name: /I agree/ }).check();
    await buyer.getByRole("button", { name: "Place order" }).click();
    await buyer.waitForURL("**/checkout/success**");
    await buyer.goto("/profile?tab=orders");
    const href = await buyer
      .getByTestId("order-row")
      .first()
      .locator('a[href^="/orders/"]')
      .first()
      .getAttribute("href");
    const orderId = href!.split("/").pop()!;
    await buyer.context().close();

    const staff = await staffPage();
    await staff.goto(`/staff/orders/${orderId}`);
    await staff.getByLabel("Payment reference").fill(`SEPA-${run}`);
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await staff.getByRole("link", { name: "Refund…" }).click();
    const confirm = staff.getByRole("region", { name: "Refund this order?" });
    const box = confirm.getByRole("checkbox", { name: "Also cancel the subscription" });
    await expectVisible(box);
    expect(await box.isChecked()).toBe(false);
    await expectVisible(confirm.getByText(/It ends now: it is not renewed/));
    await checkThemes(staff, "staff-order-refund-confirm");

    await box.check();
    await confirm.getByRole("button", { name: "Refund order" }).click();
    await expectVisible(staff.getByText(/Its subscription is cancelled\./));
    await expectVisible(staff.getByRole("region", { name: "Subscription" }).getByText("Ended"));
    await staff.context().close();
  });
});
