import type pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shortOrderId } from "~/commerce/orders/order-id";
import { connectToServerDatabase } from "../support/commerce-http";
import { newAccount, signInByCookie, signUp } from "./accounts-helpers";
import { expectAccessible, expectAccessibleIn, newPage, PHONE } from "./browser";
import { paidBuyerOrder } from "./paid-orders";
import { screenshotIn } from "./screenshots";

/** Issue 35 point 15: the profile's tabs are rendered on the server, so they show without JavaScript. */
let orders = 0;
const CLIP_TITLE = "Wooden Boats at Golden Hour";

let client: pg.Client;
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  await client?.end();
});

/** A new buyer with one paid order (marked paid by staff) and one licensed clip, clip 1. */
async function buyerWithOrderAndDownload() {
  const account = newAccount();
  const buyer = await newPage();
  await signUp(buyer, account);
  orders += 1;
  const staff = await newPage();
  await signInByCookie(staff, "dev@verdeo.local", "verdeo-demo");
  const orderId = await paidBuyerOrder(staff, client, orders, account.email);
  await staff.context().close();

  await buyer.goto("/video/1/download");
  const dialog = buyer.getByTestId("download-dialog");
  await Promise.all([
    buyer.waitForEvent("download"),
    dialog.getByRole("button", { name: "License and download" }).click(),
  ]);
  return { account, buyer, orderNumber: shortOrderId(orderId) };
}

function expectNoLoading(page: Page) {
  return expect(page.locator("main").textContent()).resolves.not.toMatch(/Loading/);
}

describe("profile tabs rendered on the server", () => {
  it("without JavaScript, ?tab=downloads and ?tab=orders show the buyer's download and order, and the tabs are links", async () => {
    const { account, buyer, orderNumber } = await buyerWithOrderAndDownload();
    const page = await newPage({ javaScriptEnabled: false });
    await signInByCookie(page, account.email, account.password);

    await page.goto("/profile?tab=downloads");
    await expectNoLoading(page);
    const tabs = page.getByRole("tablist", { name: "Profile sections" });
    expect(await tabs.getByRole("tab", { selected: true }).textContent()).toBe("Downloads");
    await page.getByTestId("download-row").filter({ hasText: CLIP_TITLE }).waitFor();
    expect(await page.getByRole("tabpanel").getByRole("link", { name: "Certificate (PDF)" }).count()).toBe(1);

    await page.goto("/profile?tab=orders");
    await expectNoLoading(page);
    await page.getByTestId("order-row").filter({ hasText: orderNumber }).getByText("Paid").waitFor();
    await page.getByTestId("plan-card").first().waitFor();

    // A tab is a link: it opens its tab without any script.
    await tabs.getByRole("tab", { name: "Downloads" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "downloads");
    await page.getByTestId("download-row").filter({ hasText: CLIP_TITLE }).waitFor();
    await expectNoLoading(page);

    // With JavaScript the first render is already the tab's content, and switching shows the other tab's.
    await buyer.goto("/profile?tab=orders");
    await buyer.getByTestId("order-row").filter({ hasText: orderNumber }).waitFor();
    await expectNoLoading(buyer);
    await buyer.getByRole("tab", { name: "Downloads" }).click();
    await buyer.getByTestId("download-row").filter({ hasText: CLIP_TITLE }).waitFor();
    expect(await buyer.getByRole("tab", { selected: true }).textContent()).toBe("Downloads");
    // The arrow keys move between the tabs, as in any tab list.
    await buyer.getByRole("tab", { name: "Downloads" }).focus();
    await buyer.keyboard.press("ArrowRight");
    expect(await buyer.evaluate(() => document.activeElement?.textContent)).toBe("Orders");
    await expectAccessible(buyer);

    for (const path of ["/profile?tab=downloads", "/profile?tab=orders"]) {
      for (const theme of ["light", "dark"] as const) {
        await expectAccessibleIn(buyer, path, theme);
        for (const viewport of [undefined, PHONE])
          await screenshotIn(path, theme, viewport, { email: account.email, password: account.password });
      }
    }
  });

  it("a profile opened without ?tab shows a buyer's downloads straight away, no loading placeholder", async () => {
    const { account } = await buyerWithOrderAndDownload();
    const page = await newPage({ javaScriptEnabled: false });
    await signInByCookie(page, account.email, account.password);
    await page.goto("/profile");
    await page.getByTestId("download-row").filter({ hasText: CLIP_TITLE }).waitFor();
    await expectNoLoading(page);
  });
});
