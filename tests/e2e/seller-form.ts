import type { Locator } from "playwright-core";

/**
 * Fills an individual's seller details form (a Cypriot resident) except the names, which each
 * test gives as it needs (a missing one is a test of its own), then saves it.
 */
export async function fillIndividualSellerAndSave(seller: Locator) {
  await seller.getByLabel("Street address").fill("12 Harbour Road");
  await seller.getByLabel("Postal code").fill("1010");
  await seller.getByLabel("City").fill("Nicosia");
  await seller.getByLabel("Country", { exact: true }).selectOption("CY");
  await seller.getByLabel("Date of birth").fill("1990-12-10");
  await seller.getByLabel("Tax identification number").fill("12345678X");
  await seller.getByLabel("Country of tax residence").selectOption("CY");
  await seller.getByLabel("Country that issued the tax number").selectOption("CY");
  await seller.getByRole("button", { name: "Save seller details" }).click();
}
