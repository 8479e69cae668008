import type pg from "pg";
import type { Page } from "playwright-core";
import { buyerIp, placeOrderOverHttp } from "../support/commerce-http";
import { DEMO_BUYER } from "./accounts-helpers";
import { baseURL } from "./browser";

const run = Date.now().toString(36);

/**
 * A creator-plan order placed over HTTP, tied to `buyerEmail`'s account and marked paid by `staff`
 * (signed in as staff) on its console page, which it leaves open. `salt` keeps each call's buyer
 * address and payment reference apart within one file's run.
 */
export async function paidBuyerOrder(
  staff: Page,
  client: pg.Client,
  salt: number,
  buyerEmail: string = DEMO_BUYER.email,
) {
  const email = `paid-${run}-${salt}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const tier = await client.query<{ id: number }>(
    "select id from pricing_tiers where plan_category = 'creator' order by display_order limit 1",
  );
  await placeOrderOverHttp(
    { url: baseURL() },
    {
      category: "creator",
      tierId: tier.rows[0]!.id,
      email,
      ip: buyerIp(Number.parseInt(run.slice(-4), 36) + salt + Math.floor(Math.random() * 1_000)),
    },
  );
  const order = await client.query<{ id: string }>(
    "update orders set user_id = (select id from profiles where email = $2) where email = $1 returning id",
    [email, buyerEmail],
  );
  const id = order.rows[0]!.id;
  await staff.goto(`/staff/orders/${id}`);
  await staff.getByLabel("Payment reference").fill(`SEPA-PAID-${run}-${salt}`);
  await staff.getByRole("button", { name: "Mark paid" }).click();
  await staff.getByLabel("Amount to refund").waitFor();
  return id;
}
