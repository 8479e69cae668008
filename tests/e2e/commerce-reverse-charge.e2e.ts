import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "~/payments/money";
import { pdfText } from "../support/pdf-text";
import { signInByCookie } from "./accounts-helpers";
import { expectVisible, newPage } from "./browser";
import { checkThemes, choose, storedOrder, summary } from "./checkout-steps";

/*
 * Reverse charge only once the VAT number is confirmed (pricing/vat-confirmation.ts). The e2e
 * server's fake VIES (tests/support/fake-vat-registers.ts) answers by the number's digits: most
 * are valid, "000000" unknown, "999999" down, "777777" slower than the app waits.
 */

/** A German number of this run, so a check stored by an earlier run is never reused. */
function germanNumber(marker = "") {
  for (;;) {
    const digits = `${marker}${Math.floor(Math.random() * 1e9)}`.padEnd(9, "3").slice(0, 9);
    if (marker || !/000000|999999|777777/.test(digits)) return `DE${digits}`;
  }
}

async function enterBusiness(page: Page, vatNumber: string) {
  await choose(page, "creator");
  const main = page.locator("main");
  await main.getByRole("radio", { name: "A business" }).check();
  await main.getByLabel("Country").selectOption("DE");
  await main.getByLabel("VAT number").fill(vatNumber);
  await main.getByLabel("Company").click();
  await main.getByLabel("Company").fill("Nordlicht Film GmbH");
  await main.getByLabel("Email").fill(`rc-${vatNumber.toLowerCase()}@example.com`);
}

const vatCheckStatus = (page: Page) => page.getByTestId("vat-check").getAttribute("data-status");

async function place(page: Page) {
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL("**/checkout/success");
  return storedOrder((await page.getByTestId("order-number").textContent()) ?? "");
}

describe("a German business's VAT number at checkout", () => {
  it("once VIES confirms it, pays 0% and the invoice carries VIES's consultation number", async () => {
    const page = await newPage();
    const vatNumber = germanNumber();
    await enterBusiness(page, vatNumber);
    // The page re-reads the check while it is pending; the fake VIES confirms within seconds.
    await expect.poll(() => vatCheckStatus(page), { timeout: 20_000 }).toBe("confirmed");
    expect(await summary(page, "vat")).toBe(formatMoney(0));
    const consultation = `WAPI${vatNumber}`;
    await expectVisible(page.getByText(`confirmed by VIES (consultation number ${consultation})`));
    await checkThemes(page, "checkout-vat-confirmed");

    const order = await place(page);
    expect(order).toMatchObject({
      vat_number: vatNumber,
      vat_rate_bps: 0,
      vat_amount_cents: 0,
      tax_reason: "reverse_charge",
      vat_check_status: "confirmed",
      vat_consultation_number: consultation,
    });

    const staff = await newPage();
    await signInByCookie(staff, "dev@verdeo.local", "verdeo-demo");
    await staff.goto(`/staff/orders/${order.id}`);
    await expectVisible(staff.getByText(`consultation number ${consultation}`));
    await checkThemes(staff, "staff-order-vat-confirmed");
    await staff.getByLabel("Payment reference").fill(`SEPA-${vatNumber}`);
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await staff.getByLabel("Amount to refund").waitFor();
    const invoice = await staff.request.get(`/orders/${order.id}/invoice.pdf`);
    expect(invoice.status()).toBe(200);
    const text = pdfText(await invoice.body());
    expect(text).toContain(`VAT number ${vatNumber} confirmed by VIES, consultation number ${consultation}.`);
    expect(text).toContain("Reverse charge");
  });

  it("while the check is pending, pays Germany's 19% and is told why", async () => {
    const page = await newPage();
    const vatNumber = germanNumber("777777");
    await enterBusiness(page, vatNumber);
    await expect.poll(() => vatCheckStatus(page), { timeout: 10_000 }).toBe("pending");
    const notice = page.getByTestId("vat-check");
    expect(await notice.textContent()).toContain(
      `We are confirming your VAT number ${vatNumber} with VIES. Until it is confirmed this order includes VAT`,
    );
    expect(await summary(page, "vat-reason")).toBe(
      "VAT of Germany (EU consumer rate), until your VAT number is confirmed",
    );
    expect(await summary(page, "vat")).not.toBe(formatMoney(0));
    const order = await place(page);
    expect(order).toMatchObject({
      vat_number: vatNumber,
      vat_rate_bps: 1900,
      tax_reason: "eu_consumer",
      vat_check_status: "pending",
      vat_consultation_number: null,
    });
    expect(order.vat_amount_cents).toBeGreaterThan(0);
  });

  it("the pending state in both themes, at desktop and phone width (axe clean)", async () => {
    const page = await newPage();
    await enterBusiness(page, germanNumber("777777"));
    await expect.poll(() => vatCheckStatus(page), { timeout: 10_000 }).toBe("pending");
    await checkThemes(page, "checkout-vat-pending");
  });

  it("while VIES is down, says so and offers Check again; the order includes VAT", async () => {
    const page = await newPage();
    const vatNumber = germanNumber("999999");
    await enterBusiness(page, vatNumber);
    await expect.poll(() => vatCheckStatus(page), { timeout: 20_000 }).toBe("unavailable");
    expect(await page.getByTestId("vat-check").textContent()).toContain("VIES cannot be reached right now");
    await page.getByRole("button", { name: "Check again" }).click();
    await expect.poll(() => vatCheckStatus(page), { timeout: 10_000 }).toBe("unavailable");
    expect(await summary(page, "vat")).not.toBe(formatMoney(0));
    await checkThemes(page, "checkout-vat-unavailable");
  });

  it("a number VIES does not know is refused with a clear sentence, and cannot be ordered with", async () => {
    const page = await newPage();
    const vatNumber = germanNumber("000000");
    await enterBusiness(page, vatNumber);
    const sentence = `VIES does not know the VAT number ${vatNumber}. Check it, or buy without it and VAT is added.`;
    await expect
      .poll(
        () =>
          page
            .locator("#vatNumber-error")
            .textContent()
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe(sentence);
    // The summary shows what buying without the number costs: Germany's VAT.
    expect(await summary(page, "vat")).not.toBe(formatMoney(0));
    await checkThemes(page, "checkout-vat-rejected");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await expectVisible(page.locator("#vatNumber-error").getByText(sentence));
    expect(page.url()).toMatch(/\/checkout$/);
  });
});
