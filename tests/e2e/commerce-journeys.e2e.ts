import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIP_TEXTS } from "~/commerce/components/clip-being-licensed";
import { REMEMBERED_NOTE } from "~/commerce/routes/checkout";
import { formatDate } from "~/platform/text/dates";
import { pdfText } from "../support/pdf-text";
import { fillSignUp, newAccount, signInByCookie, signUp } from "./accounts-helpers";
import { DESKTOP, expectAccessible, expectAt, expectVisible, newPage, PHONE } from "./browser";
import {
  checkThemes,
  choose,
  database,
  fillAndPlace,
  markPaidByStaff,
  storedOrder,
  summary,
} from "./checkout-steps";

/** The journeys through checkout: the order a bank transfer pays, the clip a buyer came for, a returning buyer. With SHOTS_DIR set, the pages are saved as screenshots to look at. */

describe("an order paid by bank transfer", () => {
  it("its page shows the billing details, the VAT breakdown and the dates, and hands out a pro-forma invoice until it is paid", async () => {
    const page = await newPage();
    await signInByCookie(page);
    await choose(page, "creator", { downloads: "10 downloads" });
    const main = page.locator("main");
    await main.getByText("A business", { exact: true }).click();
    await main.getByLabel("Full name").fill("Eleni Georgiou");
    await main.getByLabel("Company").fill("Northwind Films Ltd");
    await main.getByLabel("Address").fill("12 Makariou Avenue");
    await main.getByLabel("Postal code").fill("1065");
    await main.getByLabel("City").fill("Nicosia");
    await main.getByLabel("Country").selectOption("CY");
    await main.getByLabel("VAT number").fill("CY10259033P");
    await main.getByLabel("City").click();
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL("**/checkout/success");
    const number = (await page.getByTestId("order-number").textContent()) ?? "";
    const stored = await storedOrder(number);
    expect(stored).toMatchObject({ buyer_type: "business", vat_number: "CY10259033P", total_cents: 10_591 });

    await page.goto(`/orders/${stored.id}`);
    const row = (section: string, key: string) => page.getByTestId(`${section}-${key}`).textContent();
    expect(await row("order-billing", "buyer-type")).toBe("Business");
    expect(await row("order-billing", "company")).toBe("Northwind Films Ltd");
    expect(await row("order-billing", "name")).toBe("Eleni Georgiou");
    expect(await row("order-billing", "address")).toBe("12 Makariou Avenue");
    expect(await row("order-billing", "place")).toBe("1065 Nicosia");
    expect(await row("order-billing", "country")).toBe("Cyprus");
    expect(await row("order-billing", "vat-number")).toBe("CY10259033P");
    const amounts = page.getByTestId("order-amounts");
    expect(await amounts.getByTestId("subtotal").textContent()).toBe("€89.00");
    expect(await amounts.getByTestId("vat").textContent()).toBe("€16.91");
    expect(await amounts.getByText("VAT 19%", { exact: true }).count()).toBe(1);
    expect(await amounts.getByTestId("total").textContent()).toBe("€105.91");
    const placed = new Date(stored.created_at);
    // The e2e server keeps the default ORDER_EXPIRY_DAYS, 14.
    const payableBy = formatDate(new Date(placed.getTime() + 14 * 24 * 3600 * 1000));
    expect(await row("order-dates", "placed")).toBe(formatDate(placed));
    expect(await row("order-dates", "payable-by")).toBe(payableBy);
    expect(await page.getByTestId("order-dates-paid").count()).toBe(0);

    const link = main.getByRole("link", { name: "Pro-forma invoice (PDF)" });
    const href = (await link.getAttribute("href"))!;
    expect(href).toBe(`/orders/${stored.id}/pro-forma.pdf`);
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = pdfText(await pdf.body());
    for (const expected of ["Pro-forma invoice", "This is not a tax invoice", number, "€105.91", payableBy]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Invoice number");

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const dark of [false, true]) {
        await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
        await expectAccessible(page);
        if (process.env.SHOTS_DIR) {
          await page.screenshot({
            path: path.join(process.env.SHOTS_DIR, `order-${viewport.width}-${dark ? "dark" : "light"}.png`),
            fullPage: true,
          });
        }
      }
    }

    // Once staff mark it paid, the page dates the payment and the pro-forma leads to the invoice.
    const staff = await newPage();
    await signInByCookie(staff, "dev@verdeo.local", "verdeo-demo");
    await staff.goto(`/staff/orders/${stored.id}`);
    await staff.getByLabel("Payment reference").fill(`SEPA-PROFORMA-${number}`);
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await staff.getByLabel("Amount to refund").waitFor();
    await page.reload();
    expect(await row("order-dates", "paid")).toBe(formatDate(new Date()));
    expect(await main.getByRole("link", { name: "Pro-forma invoice (PDF)" }).count()).toBe(0);
    const afterPayment = await page.request.get(href, { maxRedirects: 0 });
    expect(afterPayment.status()).toBe(302);
    expect(afterPayment.headers().location).toBe(`/orders/${stored.id}/invoice.pdf`);
  });
});

describe("the clip a buyer came to download", () => {
  it("a signed-out visitor presses Download, signs up, buys a plan on pricing showing that clip, and goes on from the success page to its download step", async () => {
    const { rows } = await (await database()).query("select title from clips where id = 2");
    const title = rows[0].title as string;
    const page = await newPage();
    await page.goto("/video/2");
    await page.getByRole("link", { name: "Download" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL((url) => url.pathname === "/signup");
    const account = newAccount();
    await fillSignUp(page, account);
    await page.getByText("Username is available").waitFor();
    await page.getByRole("button", { name: "Create Account", exact: true }).click();

    // Signed up without a plan: the download step sends them to the plans, with the clip.
    await expectAt(page, "/pricing?clip=2", { timeout: 30_000 });
    const onPricing = page.getByTestId("clip-being-licensed");
    await expectVisible(onPricing.getByRole("link", { name: title }));
    await expectVisible(onPricing.getByText(CLIP_TEXTS.pricingNext));
    await checkThemes(page, "pricing-with-clip");

    await page
      .getByTestId("plan-creator")
      .getByRole("button", { name: /^Choose/ })
      .click();
    await page.waitForURL("**/checkout");
    await expectVisible(page.getByTestId("clip-being-licensed").getByRole("link", { name: title }));
    expect(await page.getByRole("link", { name: "← Back to pricing" }).getAttribute("href")).toBe(
      "/pricing?clip=2",
    );
    await checkThemes(page, "checkout-with-clip");
    await fillAndPlace(page, account.email);

    // Not paid yet: back to the clip, saying when it downloads.
    const onSuccess = page.getByTestId("clip-being-licensed");
    await expectVisible(onSuccess.getByText(CLIP_TEXTS.awaitingNext));
    expect(await onSuccess.getByRole("link", { name: CLIP_TEXTS.backToClip }).getAttribute("href")).toBe(
      "/video/2",
    );
    await checkThemes(page, "success-awaiting-payment");

    const number = (await page.getByTestId("order-number").textContent()) ?? "";
    await markPaidByStaff((await storedOrder(number)).id);
    await page.reload();
    await expectVisible(onSuccess.getByText(CLIP_TEXTS.paidNext));
    await checkThemes(page, "success-paid");
    await onSuccess.getByRole("link", { name: CLIP_TEXTS.continueToDownload }).click();
    await expectAt(page, "/video/2/download");
    await expectVisible(page.getByTestId("download-dialog").getByText(title).first());
  });

  it("without JavaScript the clip still travels from pricing to checkout; a tampered one is left out", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/pricing?clip=2");
    await expectVisible(page.getByTestId("clip-being-licensed"));
    await page
      .getByTestId("plan-creator")
      .getByRole("button", { name: /^Choose/ })
      .click();
    await page.waitForURL("**/checkout");
    await expectVisible(page.getByTestId("clip-being-licensed"));
    for (const clip of ["abc", "-1", "99999999999", "%2F%2Fevil.example"]) {
      const response = await page.goto(`/pricing?clip=${clip}`);
      expect(response?.status(), clip).toBe(200);
      expect(await page.getByTestId("clip-being-licensed").count(), clip).toBe(0);
    }
  });
});

describe("a returning buyer", () => {
  it("finds the second checkout filled in from the first order, and the order gets what they edit", async () => {
    const page = await newPage();
    await signUp(page, newAccount());
    await choose(page, "creator");
    const main = page.locator("main");
    // What decides the VAT first: each change quotes the summary again.
    await main.getByRole("radio", { name: "A business" }).check();
    await main.getByLabel("Country").selectOption("DE");
    await main.getByLabel("VAT number").fill("DE123456789");
    await main.getByLabel("Full name").click();
    await expect.poll(() => summary(page, "vat"), { timeout: 15_000 }).toBe("€0.00");
    await main.getByLabel("Full name").fill("Grace Hopper");
    await main.getByLabel("Company").fill("Harbour Films GmbH");
    await main.getByLabel("Address").fill("Hafenstraße 1");
    await main.getByLabel("Postal code").fill("20457");
    await main.getByLabel("City").fill("Hamburg");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL("**/checkout/success");

    await choose(page, "creator");
    await expectVisible(page.getByTestId("details-remembered").getByText(REMEMBERED_NOTE));
    expect(await main.getByRole("radio", { name: "A business" }).isChecked()).toBe(true);
    expect(await main.getByLabel("Full name").inputValue()).toBe("Grace Hopper");
    expect(await main.getByLabel("Company").inputValue()).toBe("Harbour Films GmbH");
    expect(await main.getByLabel("Address").inputValue()).toBe("Hafenstraße 1");
    expect(await main.getByLabel("Postal code").inputValue()).toBe("20457");
    expect(await main.getByLabel("City").inputValue()).toBe("Hamburg");
    expect(await main.getByLabel("Country").inputValue()).toBe("DE");
    expect(await main.getByLabel("VAT number").inputValue()).toBe("DE123456789");
    // The summary is quoted for the details shown: a German business's reverse charge.
    expect(await summary(page, "vat")).toBe("€0.00");
    await checkThemes(page, "checkout-prefilled");

    await main.getByLabel("Company").fill("Harbour Films AG");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL("**/checkout/success");
    const order = await storedOrder((await page.getByTestId("order-number").textContent()) ?? "");
    expect(order).toMatchObject({
      buyer_type: "business",
      buyer_name: "Grace Hopper",
      company: "Harbour Films AG",
      address_line: "Hafenstraße 1",
      country: "DE",
      vat_number: "DE123456789",
      vat_amount_cents: 0,
    });
  });
});
