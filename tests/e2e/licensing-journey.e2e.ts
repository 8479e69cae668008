import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { shortOrderId } from "~/commerce/orders/order-id";
import { PAYMENT_NEXT } from "~/commerce/routes/checkout-success";
import { LICENSE_VALID } from "~/licensing/routes/license";
import { connectToServerDatabase } from "../support/commerce-http";
import { pdfText } from "../support/pdf-text";
import { DEMO_PASSWORD, newAccount, signIn, signUp } from "./accounts-helpers";
import { expectAccessible, expectAt, expectVisible, newPage, PHONE, tabTo } from "./browser";

/**
 * A buyer's whole licensing journey in Chromium: order as a guest, payment marked by staff, sign up
 * and verify the address, download a clip with its license, open the certificate, verify it.
 */

let client: pg.Client | undefined;
async function database() {
  client ??= await connectToServerDatabase(inject("dataDir"));
  return client;
}
afterAll(async () => {
  await client?.end();
});

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` that `matches`, waiting for the queue to send it. */
async function mailTo(to: string, matches: (mail: OutboxMail) => boolean) {
  const outbox = path.join(inject("dataDir"), "outbox");
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const file of (await readdir(outbox).catch(() => [] as string[])).sort().reverse()) {
      const mail = JSON.parse(await readFile(path.join(outbox, file), "utf8")) as OutboxMail;
      if (mail.to === to && matches(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no such mail for ${to} in ${outbox}`);
}

async function verificationLink(to: string) {
  const mail = await mailTo(to, (candidate) => /verify-email/.test(candidate.text));
  return mail.text.match(/https?:\/\/\S+/)![0];
}

async function buyProAnnualAsGuest(page: Page, email: string) {
  await page.goto("/pricing");
  const card = page.getByTestId("plan-pro");
  await card.getByText("Annual", { exact: true }).click();
  await card.getByRole("button", { name: /^Choose/ }).click();
  await page.waitForURL("**/checkout");
  await page.getByLabel("Promo code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByText("WELCOME10").first().waitFor();
  await page.locator("main").getByLabel("Email").fill(email);
  await page.locator("main").getByLabel("Company").fill("Northwind Films");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL("**/checkout/success");
  return (await page.getByTestId("order-number").textContent())!.trim();
}

describe("licensing journey", () => {
  it("guest buys Pro annual with WELCOME10 → staff marks paid → buyer signs up, verifies, downloads clip 1 in 720p with a certificate that verifies", async () => {
    const account = newAccount();

    // 1. The guest orders and learns how payment happens.
    const guest = await newPage();
    const orderNumber = await buyProAnnualAsGuest(guest, account.email);
    expect(await guest.getByTestId("order-status").textContent()).toBe("Awaiting payment");
    expect(await guest.getByTestId("payment-next").textContent()).toContain(PAYMENT_NEXT.manual);
    const { rows } = await (await database()).query(
      "select id, promo_code from orders where upper(left(id::text, 8)) = $1",
      [orderNumber],
    );
    expect(rows[0]).toMatchObject({ promo_code: "WELCOME10" });
    const orderId = rows[0].id as string;
    expect(shortOrderId(orderId)).toBe(orderNumber);

    // 2. Staff mark it paid in the console.
    const staff = await newPage();
    await signIn(staff, "dev@verdeo.local", DEMO_PASSWORD);
    await staff.goto(`/staff/orders/${orderId}`);
    await staff.getByLabel("Payment reference").fill("Bank transfer 2026-11-23");
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await staff.getByText("Paid", { exact: true }).first().waitFor();
    await staff.context().close();

    // 3. The buyer signs up with the same address and verifies it: the order becomes theirs.
    const buyer = await newPage();
    await signUp(buyer, account);
    const link = await verificationLink(account.email);
    await buyer.goto(link);
    await buyer.waitForURL("**/profile");
    await buyer.goto("/profile?tab=orders");
    const orderRow = buyer.getByTestId("order-row").filter({ hasText: orderNumber });
    await orderRow.getByText("Paid").waitFor();
    await buyer.getByTestId("plan-card").getByText("Unlimited downloads").waitFor();
    await expectAccessible(buyer);

    // 4. Download clip 1 in 720p (the pipeline's clean rendition), by keyboard alone: the dialog
    // names the file and the license; the bytes are a playable H.264 MP4, 720 high as the clip is landscape.
    await buyer.goto("/video/1");
    await tabTo(buyer, buyer.getByRole("link", { name: "Download" }));
    await buyer.keyboard.press("Enter");
    await buyer.waitForURL("**/video/1/download");
    const dialog = buyer.getByTestId("download-dialog");
    await dialog.getByText("Extended License").first().waitFor();
    await expectAccessible(buyer);
    const resolution = dialog.getByRole("radio", { name: /720p/ });
    await tabTo(buyer, dialog.getByRole("radio", { checked: true }));
    // A radio group is one stop for Tab; the arrow keys choose within it.
    for (let step = 0; step < 6 && !(await resolution.isChecked()); step++)
      await buyer.keyboard.press("ArrowDown");
    expect(await resolution.isChecked()).toBe(true);
    await tabTo(buyer, dialog.getByRole("button", { name: "License and download" }));
    const [download] = await Promise.all([buyer.waitForEvent("download"), buyer.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe("verdeo-1-wooden-boats-at-golden-hour-720p.mp4");
    const saved = path.join(mkdtempSync(path.join(tmpdir(), "verdeo-e2e-dl-")), download.suggestedFilename());
    await download.saveAs(saved);
    const probe = JSON.parse(
      execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", saved], {
        encoding: "utf8",
      }),
    ) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
      format: { format_name: string; duration: string };
    };
    expect(probe.format.format_name).toContain("mp4");
    const video = probe.streams.find((stream) => stream.codec_type === "video");
    expect(video).toMatchObject({ codec_name: "h264", height: 720 });
    expect(video!.width).toBeGreaterThan(720);
    expect(Number(probe.format.duration)).toBeGreaterThan(1);
    // Playable: every frame decodes (a file cut short or with its index missing fails here).
    execFileSync("ffmpeg", ["-v", "error", "-xerror", "-i", saved, "-f", "null", "-"]);

    // 5. The Downloads tab lists it; the certificate opens and names the clip.
    await buyer.goto("/profile?tab=downloads");
    const row = buyer.getByTestId("download-row").filter({ hasText: "Wooden Boats at Golden Hour" });
    await row.waitFor();
    const licenseId = (await row.locator('a[href^="/license/"]').textContent())!.trim();
    const certificateHref = (await row
      .getByRole("link", { name: "Certificate (PDF)" })
      .getAttribute("href"))!;
    const certificate = await buyer.request.get(certificateHref);
    expect(certificate.headers()["content-type"]).toBe("application/pdf");
    const text = pdfText(await certificate.body());
    expect(text).toContain("Wooden Boats at Golden Hour");
    expect(text).toContain(licenseId);

    // 6. Anyone can verify the license.
    const visitor = await newPage();
    await visitor.goto(`/license/${licenseId}`);
    expect(await visitor.getByTestId("license-verdict").textContent()).toBe(LICENSE_VALID);
    await visitor.getByText("Wooden Boats at Golden Hour").waitFor();
    await expectAccessible(visitor);
  });

  it("an order awaiting payment: the same bank details on the success page, in the mail and the profile; Download points to the order", async () => {
    const page = await newPage({ viewport: PHONE });
    const account = newAccount();
    await signUp(page, account);
    await page.goto("/pricing");
    await page
      .getByTestId("plan-creator")
      .getByRole("button", { name: /^Choose/ })
      .click();
    await page.waitForURL("**/checkout");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL("**/checkout/success");
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    const panel = page.getByTestId("payment-instructions");
    expect(await panel.getByTestId("payment-reference").textContent()).toBe(orderNumber);
    const iban = (await panel.getByTestId("payment-iban").textContent())!;
    const amount = (await panel.getByTestId("payment-amount").textContent())!;
    expect(amount).toBe(await page.getByTestId("order-total").textContent());
    await expectAccessible(page);

    const mail = await mailTo(account.email, (candidate) => /payment instructions/.test(candidate.subject));
    expect(mail.text).toContain(`Reference: ${orderNumber}`);
    expect(mail.text).toContain(`IBAN: ${iban}`);
    expect(mail.text).toContain(`Amount: ${amount}`);

    await page.goto("/profile?tab=orders");
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await row.getByTestId("order-payment").getByText(iban).waitFor();

    // Pressing Download does not invite a second purchase: it says the order waits, and opens it.
    await page.goto("/video/2");
    await page.getByRole("link", { name: "Download" }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await page.getByText(`Your order ${orderNumber} is awaiting payment`).waitFor();
    expect(await page.getByTestId("payment-reference").textContent()).toBe(orderNumber);
    await expectAccessible(page);
  });

  it("a signed-in buyer without a plan is sent to /pricing, carrying the clip, with the reason", async () => {
    const page = await newPage({ viewport: PHONE });
    await signUp(page, newAccount());
    await page.goto("/video/2");
    await page.getByRole("link", { name: "Download" }).click();
    await expectAt(page, "/pricing?clip=2");
    await expectVisible(page.getByText(/Downloading a clip needs a plan/));
  });
});
