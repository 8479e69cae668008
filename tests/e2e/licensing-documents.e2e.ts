import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shortOrderId } from "~/commerce/orders/order-id";
import { CERTIFICATE_LINK as DOWNLOAD_CERTIFICATE } from "~/licensing/routes/download";
import { CERTIFICATE_LINK } from "~/licensing/routes/license";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_BUYER, signInByCookie } from "./accounts-helpers";
import { expectAccessible, expectAccessibleIn, newPage } from "./browser";
import { paidBuyerOrder } from "./paid-orders";

/** Issue 35 point 13: every document is linked wherever its subject is shown. */
let client: pg.Client;
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  await client?.end();
});

describe("documents linked where their subject is shown", () => {
  it("a buyer finds the certificate after downloading, on the license page (not a visitor) and on the order page", async () => {
    const staff = await newPage();
    await signInByCookie(staff, "dev@verdeo.local", "verdeo-demo");
    await paidBuyerOrder(staff, client, 1);
    const clip = await client.query<{ id: number }>(
      `select c.id from clips c where c.status = 'published' and not exists (
         select 1 from licenses l where l.clip_id = c.id and l.user_id = (select id from profiles where email = $1)
       ) order by c.id limit 1`,
      [DEMO_BUYER.email],
    );
    const clipId = clip.rows[0]!.id;

    const buyer = await newPage({ acceptDownloads: true });
    await signInByCookie(buyer, DEMO_BUYER.email, DEMO_BUYER.password);
    await buyer.goto(`/video/${clipId}/download`);
    const dialog = buyer.getByTestId("download-dialog");
    expect(await dialog.getByRole("link", { name: DOWNLOAD_CERTIFICATE }).count()).toBe(0);
    const download = buyer.waitForEvent("download");
    await dialog.getByRole("button", { name: "License and download" }).click();
    await download;
    const link = dialog.getByRole("link", { name: DOWNLOAD_CERTIFICATE });
    await link.waitFor();
    const certificateUrl = (await link.getAttribute("href"))!;
    const pdf = await buyer.request.get(certificateUrl);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    // The link lives in the dialog's state after the download: checked in both themes without a reload.
    for (const dark of [false, true]) {
      await buyer.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
      await expectAccessible(buyer);
    }

    const license = await client.query<{ id: string; order_id: string }>(
      `select l.id, l.order_id from licenses l where l.clip_id = $1
         and l.user_id = (select id from profiles where email = $2)`,
      [clipId, DEMO_BUYER.email],
    );
    const { id: licenseId, order_id: orderId } = license.rows[0]!;
    expect(certificateUrl).toBe(`/licenses/${licenseId}/certificate.pdf`);

    await buyer.goto(`/license/${licenseId}`);
    expect(await buyer.getByRole("link", { name: CERTIFICATE_LINK }).getAttribute("href")).toBe(
      certificateUrl,
    );
    for (const theme of ["light", "dark"] as const)
      await expectAccessibleIn(buyer, `/license/${licenseId}`, theme);

    const visitor = await newPage();
    await visitor.goto(`/license/${licenseId}`);
    await visitor.getByTestId("license-verdict").waitFor();
    expect(await visitor.getByRole("link", { name: CERTIFICATE_LINK }).count()).toBe(0);
    // Another signed-in person is no owner either.
    await signInByCookie(visitor, "dev@verdeo.local", "verdeo-demo");
    await visitor.goto(`/license/${licenseId}`);
    await visitor.getByTestId("license-verdict").waitFor();
    expect(await visitor.getByRole("link", { name: CERTIFICATE_LINK }).count()).toBe(0);

    await buyer.goto(`/orders/${orderId}`);
    const onOrder = buyer.locator(`main a[href="${certificateUrl}"]`);
    expect(await onOrder.count()).toBe(1);
    expect(await onOrder.textContent()).toMatch(/^Certificate: .+ \(PDF\)$/);
    for (const theme of ["light", "dark"] as const)
      await expectAccessibleIn(buyer, `/orders/${orderId}`, theme);
  });

  it("the profile's orders list links each credit note of a refunded order", async () => {
    const staff = await newPage();
    await signInByCookie(staff, "dev@verdeo.local", "verdeo-demo");
    const orderId = await paidBuyerOrder(staff, client, 2);
    await staff.getByLabel("Amount to refund").fill("1,00");
    await staff.getByLabel("Reason (printed on the credit note)").fill("A clip was not as described");
    await staff.getByRole("button", { name: "Refund part" }).click();
    const notes = staff.getByRole("region", { name: "Credit notes" });
    await notes.getByRole("link").first().waitFor();
    await staff.goto(`/staff/orders/${orderId}?confirm=refund&target=${orderId}`);
    await staff.getByRole("button", { name: "Refund order" }).click();
    await notes.getByRole("link").nth(1).waitFor();

    const buyer = await newPage();
    await signInByCookie(buyer, DEMO_BUYER.email, DEMO_BUYER.password);
    await buyer.goto("/profile?tab=orders");
    const row = buyer.getByTestId("order-row").filter({ hasText: shortOrderId(orderId) });
    const links = row.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ });
    await links.first().waitFor();
    expect(await links.count()).toBe(2);
    const pdf = await buyer.request.get((await links.nth(1).getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(buyer, "/profile?tab=orders", theme);
      await buyer.getByTestId("order-row").first().waitFor();
      await expectAccessible(buyer);
    }
  });
});
