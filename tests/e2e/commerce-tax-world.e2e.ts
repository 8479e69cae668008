import { describe, expect, it } from "vitest";
import { pdfText } from "../support/pdf-text";
import { DEMO_PASSWORD, signIn, signUp } from "./accounts-helpers";
import { DESKTOP, newPage, PHONE } from "./browser";
import { checkThemes, choose, fillAndPlace, storedOrder, summary } from "./checkout-steps";

/**
 * Tax outside the EU, as a buyer meets it in Chromium: a UK consumer is quoted and pays UK VAT; a
 * Canadian consumer names a province and is quoted its tax. With SHOTS_DIR set, the checkout with
 * the province select and the staff order's location evidence are saved as screenshots.
 */

const amountsText = (page: import("playwright-core").Page) =>
  page.getByTestId("summary-amounts").textContent();

describe("tax for buyers outside the EU", () => {
  it("a UK consumer is quoted 20% VAT, pays it, and the order page and invoice say 20%", async () => {
    // An account of its own: the demo buyer's next checkout (other files') starts from its last order.
    const page = await newPage();
    await signUp(page);
    await choose(page, "creator", { downloads: "10 downloads" });
    await page.locator("main").getByLabel("Country").selectOption("GB");
    await expect.poll(() => summary(page, "vat")).toBe("€17.80");
    expect(await amountsText(page)).toContain("VAT 20%");
    expect(await summary(page, "vat-reason")).toBe("United Kingdom: VAT for consumers");
    expect(await summary(page, "total")).toBe("€106.80");
    // No province or state for the United Kingdom.
    expect(await page.locator("#subdivision").count()).toBe(0);

    await fillAndPlace(page);
    expect(await page.getByTestId("order-total").textContent()).toBe("€106.80");
    const order = await storedOrder((await page.getByTestId("order-number").textContent()) ?? "");
    expect(order).toMatchObject({ country: "GB", tax_reason: "foreign_consumer", vat_amount_cents: 1_780 });
    expect(Number(order.vat_rate_bps)).toBe(2000);

    // The team records the bank transfer; the staff page shows the evidence of the buyer's location.
    const staff = await newPage();
    await signIn(staff, "dev@verdeo.local", DEMO_PASSWORD);
    await staff.goto(`/staff/orders/${order.id}`);
    await staff.getByLabel("Payment reference").fill(`UK-VAT-${Date.now()}`);
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await staff.getByText("Location evidence: billing GB · card none (bank transfer)").waitFor();
    const dir = process.env.SHOTS_DIR;
    for (const colorScheme of dir ? (["light", "dark"] as const) : []) {
      await staff.emulateMedia({ colorScheme });
      for (const viewport of [DESKTOP, PHONE]) {
        await staff.setViewportSize(viewport);
        await staff.screenshot({
          path: `${dir}/staff-order-${colorScheme}-${viewport.width}.png`,
          fullPage: true,
        });
      }
    }
    await staff.context().close();

    await page.goto(`/orders/${order.id}`);
    const amounts = page.getByTestId("order-amounts");
    await amounts.getByText("VAT 20%").waitFor();
    expect(await amounts.textContent()).toContain("€17.80");
    const invoice = await page.request.get(`/orders/${order.id}/invoice.pdf`);
    expect(invoice.headers()["content-type"]).toBe("application/pdf");
    const text = pdfText(await invoice.body());
    expect(text).toContain("VAT 20%");
    expect(text).toContain("€17.80");
    expect(text).toContain("VAT of United Kingdom charged by a non-resident supplier of digital services.");
  });

  it("a Canadian consumer chooses a province, and Québec is quoted GST + QST at 14.975%", async () => {
    const page = await newPage();
    await choose(page, "creator", { downloads: "10 downloads" });
    await page.locator("main").getByLabel("Country").selectOption("CA");
    const province = page.locator("main").getByLabel("Province or territory");
    await province.waitFor();
    expect(await summary(page, "vat-reason")).toBe("Please choose your province or territory from the list.");
    expect(await province.locator("option").count()).toBe(14);
    await province.selectOption("QC");
    await expect.poll(() => summary(page, "vat")).toBe("€13.33");
    expect(await amountsText(page)).toContain("GST + QST (Québec) 14.975%");
    expect(await summary(page, "vat-reason")).toBe("Canada: GST + QST (Québec) for consumers");
    await province.selectOption("ON");
    await expect.poll(() => summary(page, "vat")).toBe("€11.57");
    expect(await amountsText(page)).toContain("HST (Ontario) 13%");
    await checkThemes(page, "checkout-province");
    // The United States asks for a state instead, and charges no tax where the seller is not registered.
    await page.locator("main").getByLabel("Country").selectOption("US");
    await page.locator("main").getByLabel("State").waitFor();
    await expect.poll(() => summary(page, "vat")).toBe("€0.00");
    expect(await summary(page, "vat-reason")).toBe(
      "No tax charged: any tax of United States is yours to account for",
    );
  });
});
