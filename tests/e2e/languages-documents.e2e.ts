import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import de from "~/locales/de/commerce.json";
import { pdfText } from "../support/pdf-text";
import { signUp } from "./accounts-helpers";
import { expectAt, newPage } from "./browser";
import { markPaidByStaff, storedOrder } from "./checkout-steps";

/** The mails the server wrote to its outbox for one address, oldest first. */
async function mailsTo(to: string) {
  const outbox = path.join(inject("dataDir"), "outbox");
  const mails: { subject: string; text: string }[] = [];
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const mail = JSON.parse(await readFile(path.join(outbox, file), "utf8"));
    if (mail.to === to) mails.push(mail);
  }
  return mails;
}

/**
 * Mails and documents in the reader's language (docs/decisions/0033): a buyer who chose German gets
 * their order's mails and PDFs in German, whatever their browser says.
 */
describe("a German buyer's order documents", () => {
  it("are German: the order's mails, its pro-forma and its invoice", async () => {
    const page = await newPage();
    const account = await signUp(page);
    // The header's switcher keeps the choice on the profile.
    await page.getByTestId("language-menu").locator("summary").click();
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expectAt(page, "/de/profile");

    await page.goto("/de/pricing");
    await page
      .getByTestId("plan-creator")
      .getByRole("button", { name: /wählen$/ })
      .click();
    await page.waitForURL("**/de/checkout");
    const email = page.locator("main").getByLabel(de["commerce.fields.email"]);
    if ((await email.inputValue()) === "") await email.fill(account.email);
    await page.getByRole("checkbox", { name: /^Ich stimme/ }).check();
    await page.getByRole("button", { name: de["commerce.checkout.place"] }).click();
    await page.waitForURL("**/de/checkout/success");
    const number = (await page.getByTestId("order-number").textContent()) ?? "";
    const order = await storedOrder(number);

    await page.goto(`/de/orders/${order.id}`);
    const proFormaUrl = await page
      .getByRole("link", { name: de["commerce.orderPage.proForma"] })
      .getAttribute("href");
    const proForma = pdfText(await (await page.request.get(proFormaUrl!)).body());
    for (const heading of ["Proforma-Rechnung", "Zahlbar bis", "Verwendungszweck", "Dies ist keine Rechnung"])
      expect(proForma).toContain(heading);

    await markPaidByStaff(order.id);
    await expect
      .poll(async () => (await mailsTo(account.email)).map((mail) => mail.subject))
      .toEqual(
        expect.arrayContaining([
          `Verdeo-Bestellung ${number}: Angaben zur Zahlung`,
          `Verdeo-Bestellung ${number}: Zahlung erhalten`,
        ]),
      );
    const orderMails = (await mailsTo(account.email)).filter((mail) => mail.subject.includes(number));
    for (const mail of orderMails) expect(mail.text).toContain("Fragen? Schreib an");

    // Fetched with the buyer's cookies from a browser that asks for English: the stored choice wins.
    const invoice = await page.request.get(`/orders/${order.id}/invoice.pdf`);
    expect(invoice.status()).toBe(200);
    const text = pdfText(await invoice.body());
    for (const heading of [
      "Rechnung",
      "Rechnungsnummer",
      "Ausstellungsdatum",
      "RECHNUNG AN",
      "Nettobetrag",
      "Gesamt",
    ])
      expect(text).toContain(heading);
  });
});
