import { afterAll, describe, expect, inject, it } from "vitest";
import { IBAN_MESSAGES } from "~/payouts/details/bank-account";
import { PAYOUT_MESSAGES } from "~/payouts/details/payout-details";
import { MISSING_LABELS, missingLabel } from "~/payouts/details/readiness";
import { connectToServerDatabase } from "../support/commerce-http";
import { signUp } from "./accounts-helpers";
import { DESKTOP, expectAccessible, expectAccessibleIn, newPage, PHONE } from "./browser";
import { screenshotIn } from "./screenshots";
import { fillIndividualSellerAndSave } from "./seller-form";

/** A new creator enters bank and seller details on /studio/payouts, on a phone, mostly by keyboard. */
const made: string[] = [];

async function makeCreator(email: string) {
  const client = await connectToServerDatabase(inject("dataDir"));
  try {
    await client.query("update profiles set role = 'creator' where email = $1", [email]);
    const { rows } = await client.query("select id from profiles where email = $1", [email]);
    made.push(rows[0].id);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (made.length === 0) return;
  const client = await connectToServerDatabase(inject("dataDir"));
  try {
    const { rows } = await client.query(
      "select bank_iban_sealed from payout_accounts where creator_id = any($1::text[])",
      [made],
    );
    // What the browser saved is sealed at rest: no run of the IBAN's digits in the row.
    for (const row of rows) expect(row.bank_iban_sealed).not.toMatch(/37040044|05320130/);
    await client.query("delete from seller_details where creator_id = any($1::text[])", [made]);
    await client.query("delete from payout_accounts where creator_id = any($1::text[])", [made]);
  } finally {
    await client.end();
  }
});

describe("payout details", () => {
  it("a creator enters bank and seller details; mistakes are named beside the field and what was typed stays", async () => {
    const page = await newPage({ viewport: PHONE });
    const account = await signUp(page);
    await makeCreator(account.email);
    await page.goto("/studio/payouts");
    const readiness = page.getByTestId("payout-readiness");
    await expect.poll(() => readiness.textContent()).toContain(missingLabel("method", false));
    expect(await readiness.textContent()).toContain(MISSING_LABELS.seller_details);
    // Without Stripe configured, bank transfer is the only way offered.
    expect(await page.getByRole("heading", { name: "Stripe", exact: true }).count()).toBe(0);

    const bank = page.getByRole("form", { name: "Bank details" });
    await bank.getByLabel("Account holder").fill("Ada Lovelace");
    await bank.getByLabel("IBAN").fill("DE88 3704 0044 0532 0130 00");
    await bank.getByLabel("BIC (SWIFT code)").fill("COBADEFFXXX");
    await bank.getByRole("button", { name: "Save bank details" }).click();
    await expect.poll(() => bank.getByText(IBAN_MESSAGES.checksum).count()).toBe(1);
    expect(await bank.getByLabel("Account holder").inputValue()).toBe("Ada Lovelace");
    expect(await bank.getByLabel("IBAN").getAttribute("aria-invalid")).toBe("true");

    await bank.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await bank.getByLabel("IBAN").press("Enter");
    await expect.poll(() => page.getByText(`${PAYOUT_MESSAGES.bankSaved} 3000.`).count()).toBe(1);
    await expect.poll(() => readiness.textContent()).not.toContain(missingLabel("method", false));
    expect(await bank.getByLabel("IBAN").inputValue()).toBe("");
    expect(await bank.getByText("Saved: ending in 3000. Leave empty to keep it.").count()).toBe(1);

    const seller = page.getByRole("form", { name: "Seller details" });
    // A business: chosen by keyboard, the company number replaces the date of birth.
    await seller.getByLabel("An individual").focus();
    await page.keyboard.press("ArrowRight");
    expect(await seller.getByLabel("A business").isChecked()).toBe(true);
    expect(await seller.getByLabel("Date of birth").isVisible()).toBe(false);
    // A business gives one legal name: no first and last name asked.
    expect(await seller.getByLabel("First name").isVisible()).toBe(false);
    await seller.getByLabel("Legal name").fill("Lovelace Analytical Ltd");
    await page.keyboard.press("Tab");
    await page.keyboard.type("12 Harbour Road");
    await seller.getByLabel("Postal code").fill("1010");
    await seller.getByLabel("City").fill("Nicosia");
    await seller.getByLabel("Country", { exact: true }).selectOption("CY");
    await seller.getByLabel("Tax identification number").fill("12345678X");
    await seller.getByLabel("Country of tax residence").selectOption("CY");
    await seller.getByLabel("Country that issued the tax number").selectOption("CY");
    await seller.getByLabel("VAT number").fill("CY10259033P");
    await seller.getByRole("button", { name: "Save seller details" }).click();
    await expect.poll(() => seller.getByText("Enter your company's registration number.").count()).toBe(1);
    // DAC7 asks a business where in the EU it has a permanent establishment: unanswered is refused.
    expect(await seller.getByText(PAYOUT_MESSAGES.permanentEstablishment).count()).toBe(1);
    expect(await seller.getByLabel("Permanent establishment in the EU").getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(await seller.getByLabel("Legal name").inputValue()).toBe("Lovelace Analytical Ltd");
    expect(await seller.getByLabel("A business").isChecked()).toBe(true);

    await seller.getByLabel("Permanent establishment in the EU").selectOption("none");
    await seller.getByLabel("Company registration number").fill("HE 123456");
    await seller.getByLabel("Company registration number").press("Enter");
    await expect.poll(() => page.getByText(PAYOUT_MESSAGES.sellerSaved).count()).toBe(1);
    await expect.poll(() => readiness.textContent()).toContain("Ready for payouts");
    await page.reload();
    expect(await seller.getByLabel("Company registration number").inputValue()).toBe("HE 123456");
    expect(await seller.getByLabel("Street address").inputValue()).toBe("12 Harbour Road");
    expect(await seller.getByLabel("Permanent establishment in the EU").inputValue()).toBe("none");
    expect(await seller.getByLabel("Country that issued the tax number").inputValue()).toBe("CY");
    await expectAccessible(page);
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await expectAccessible(page);

    // The earnings page says the same.
    await page.goto("/studio/earnings");
    expect(await page.getByTestId("payout-readiness").textContent()).toContain("Ready for payouts");
  });

  it("an individual gives first and last name apart (DAC7), each asked for beside its field", async () => {
    const page = await newPage({ viewport: PHONE });
    const account = await signUp(page);
    await makeCreator(account.email);
    await page.goto("/studio/payouts");
    const seller = page.getByRole("form", { name: "Seller details" });
    expect(await seller.getByLabel("An individual").isChecked()).toBe(true);
    // An individual's name is two fields; the business's single legal name is not shown.
    expect(await seller.getByLabel("Legal name").isVisible()).toBe(false);
    await seller.getByLabel("First name").fill("Ada");
    await fillIndividualSellerAndSave(seller);
    await expect.poll(() => seller.getByText(PAYOUT_MESSAGES.lastName).count()).toBe(1);
    const lastName = seller.getByLabel("Last name");
    expect(await lastName.getAttribute("aria-invalid")).toBe("true");
    expect(await lastName.getAttribute("aria-describedby")).toBe("lastName-error");
    expect(await seller.getByLabel("First name").inputValue()).toBe("Ada");
    await expectAccessible(page);

    await lastName.fill("King Lovelace");
    await lastName.press("Enter");
    await expect.poll(() => page.getByText(PAYOUT_MESSAGES.sellerSaved).count()).toBe(1);
    await page.reload();
    expect(await seller.getByLabel("First name").inputValue()).toBe("Ada");
    expect(await seller.getByLabel("Last name").inputValue()).toBe("King Lovelace");
    expect(await seller.getByLabel("Date of birth").inputValue()).toBe("1990-12-10");
    const client = await connectToServerDatabase(inject("dataDir"));
    try {
      const { rows } = await client.query(
        "select legal_name, first_name, last_name from seller_details where creator_id = $1",
        [made.at(-1)],
      );
      // What statements and bank files print stays one name: the two joined.
      expect(rows).toEqual([
        { legal_name: "Ada King Lovelace", first_name: "Ada", last_name: "King Lovelace" },
      ]);
    } finally {
      await client.end();
    }

    // Saved as one legal name before the two were asked: the form says why, and splits nothing.
    const old = await connectToServerDatabase(inject("dataDir"));
    try {
      await old.query("update seller_details set first_name = null, last_name = null where creator_id = $1", [
        made.at(-1),
      ]);
    } finally {
      await old.end();
    }
    await page.reload();
    await seller.getByText("Tax reporting now asks for your first and last name separately").waitFor();
    expect(await seller.getByLabel("First name").inputValue()).toBe("");
    expect(await seller.getByLabel("Last name").inputValue()).toBe("");
    // The theme stored before the page loads: toggled on an open page, axe sees colours mid-transition.
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(page, "/studio/payouts", theme);
      await seller.getByText("Tax reporting now asks").waitFor();
    }
    for (const theme of ["light", "dark"] as const)
      for (const viewport of [DESKTOP, PHONE])
        await screenshotIn("/studio/payouts", theme, viewport, account);
  });
});
