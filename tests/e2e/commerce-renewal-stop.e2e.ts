import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RENEWAL_BUTTONS, SUBSCRIPTION_STATE_LABELS } from "~/commerce/billing/subscriptions";
import { DEMO_PASSWORD, newAccount, signIn, signUp } from "./accounts-helpers";
import { DESKTOP, expectAccessible, newPage, PHONE, tabTo } from "./browser";

/** A signed-up buyer orders Pro monthly by bank transfer; answers the order's id. */
async function orderProByTransfer(page: Page) {
  await page.goto("/pricing");
  const card = page.getByTestId("plan-pro");
  await card.getByText("Monthly", { exact: true }).click();
  await card.getByRole("button", { name: /^Choose/ }).click();
  await page.waitForURL("**/checkout");
  await page.locator("main").getByLabel("Company").fill("Northwind Films");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL("**/checkout/success**");
  await page.goto("/profile?tab=orders");
  const details = page.getByTestId("order-row").first().locator('a[href^="/orders/"]').first();
  return (await details.getAttribute("href"))!.split("/").pop()!;
}

describe("a manual subscription's renewal", () => {
  it("the buyer stops it from the profile by keyboard alone and reads when it ends; the pages stay accessible in light and dark", async () => {
    const buyer = await newPage();
    await signUp(buyer, newAccount());
    const orderId = await orderProByTransfer(buyer);

    const staff = await newPage();
    await signIn(staff, "dev@verdeo.local", DEMO_PASSWORD);
    await staff.goto(`/staff/orders/${orderId}`);
    await staff.getByLabel("Payment reference").fill("SEPA-RENEWAL-STOP");
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await staff.getByRole("button", { name: "Stop renewal" }).waitFor();

    await buyer.goto("/profile?tab=orders");
    const card = buyer.getByTestId("subscription-card");
    await card.waitFor();
    await tabTo(buyer, card.getByRole("button", { name: RENEWAL_BUTTONS.stop }));
    await buyer.keyboard.press("Enter");
    await buyer.waitForURL("**/profile?tab=orders");
    const after = buyer.getByTestId("subscription-card");
    await after.getByText(SUBSCRIPTION_STATE_LABELS.ending).waitFor();
    expect(await after.getByTestId("subscription-detail").textContent()).toMatch(
      /^Ends on \d{1,2} \w+ \d{4}$/,
    );
    await expectAccessible(buyer);
    await staff.goto("/staff/subscriptions");
    await expectAccessible(staff);

    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [DESKTOP, PHONE]) {
        await buyer.emulateMedia({ colorScheme });
        await staff.emulateMedia({ colorScheme });
        await buyer.setViewportSize(viewport);
        await staff.setViewportSize(viewport);
        await buyer.reload();
        await staff.reload();
        if (colorScheme === "dark") {
          await expectAccessible(buyer);
          await expectAccessible(staff);
        }
        await buyer
          .getByTestId("subscription-card")
          .screenshot({ path: `/tmp/shots-c/profile-card-${colorScheme}-${viewport.width}.png` });
        await staff.screenshot({
          path: `/tmp/shots-c/staff-subscriptions-${colorScheme}-${viewport.width}.png`,
          fullPage: true,
        });
      }
    }
    await buyer.context().close();
    await staff.context().close();
  });
});
