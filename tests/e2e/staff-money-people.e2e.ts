import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { STAFF_TEXTS } from "~/staff/texts";
import { buyerIp, connectToServerDatabase, placeOrderOverHttp } from "../support/commerce-http";
import { DEMO_BUYER, signInByCookie } from "./accounts-helpers";
import { baseURL, expectAccessibleIn, newPage, PHONE } from "./browser";

/** The console speaks money and people: euros typed and shown, people and orders named as buyers see them. */
const DEVELOPER = "dev@verdeo.local";
const run = Date.now().toString(36);

let client: pg.Client;
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  await client?.end();
});

async function staffPage(viewport?: { width: number; height: number }) {
  const page = await newPage(viewport ? { viewport } : {});
  await signInByCookie(page, DEVELOPER, "verdeo-demo");
  await page.goto("/staff");
  return page;
}

/** An order of the demo buyer, placed over HTTP and tied to their account. */
async function buyerOrder() {
  const email = `money-${run}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const tier = await client.query<{ id: number }>(
    "select id from pricing_tiers where plan_category = 'creator' order by display_order limit 1",
  );
  await placeOrderOverHttp(
    { url: baseURL() },
    { category: "creator", tierId: tier.rows[0]!.id, email, ip: buyerIp(Number.parseInt(run.slice(-4), 36)) },
  );
  const order = await client.query<{ id: string }>(
    `update orders set user_id = (select id from profiles where email = $2)
     where email = $1 returning id`,
    [email, DEMO_BUYER.email],
  );
  return { id: order.rows[0]!.id, email };
}

describe("staff console: money and people", () => {
  it("a tier's price is typed in euros, stored in cents, and the audit log shows the change in euros by name", async () => {
    const downloads = 9000 + (Number.parseInt(run.slice(-3), 36) % 900);
    const page = await staffPage();
    try {
      await page.goto("/staff/plans");
      const pro = page.locator('section[aria-labelledby="plan-pro"]');
      await pro.getByLabel("Downloads", { exact: true }).fill(String(downloads));
      await pro.getByLabel("Price (euros)").last().fill("59.90");
      await pro.getByRole("button", { name: "Add tier" }).click();
      await page.getByText("Saved. Existing orders keep their amounts.").first().waitFor();
      const stored = await client.query<{ id: number; price_cents: number }>(
        "select id, price_cents from pricing_tiers where plan_category = 'pro' and downloads = $1",
        [downloads],
      );
      expect(stored.rows[0]?.price_cents).toBe(5990);

      const row = pro.locator("li", {
        has: page.locator(`input[name=tierId][value="${stored.rows[0]!.id}"]`),
      });
      expect(await row.getByLabel("Price (euros)").inputValue()).toBe("59.90");
      await row.getByLabel("Price (euros)").fill("64.5");
      await row.getByRole("button", { name: "Save tier" }).click();
      await expect
        .poll(
          async () =>
            (await client.query("select price_cents from pricing_tiers where id = $1", [stored.rows[0]!.id]))
              .rows[0],
        )
        .toEqual({ price_cents: 6450 });

      await page.goto(`/staff/audit?person=${encodeURIComponent(DEVELOPER)}&targetType=plan`);
      const entry = page.getByRole("row", { name: /update tier/ }).first();
      await entry.waitFor();
      await expect.poll(() => entry.textContent()).toContain(DEVELOPER);
      const text = await entry.textContent();
      expect(text).toContain("Plan pro");
      expect(text).toContain("Price: €59.90 → €64.50");
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    } finally {
      await client.query("delete from pricing_tiers where plan_category = 'pro' and downloads = $1", [
        downloads,
      ]);
    }
  });

  it("the audit log filters by a person's email or username, and says when no one has it", async () => {
    const page = await staffPage();
    await page.goto("/staff/audit");
    await page.getByLabel("Done by (email or username)").fill("nobody-at-all@example.com");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText(STAFF_TEXTS.unknownPerson).waitFor();
    expect(page.url()).toContain("person=nobody-at-all");
  });

  it("a fixed promo discount is typed in euros and shown again in euros", async () => {
    const code = `EUR${run}`.toUpperCase().slice(0, 20);
    const page = await staffPage();
    await page.goto("/staff/promos/new");
    await page.getByLabel("Code").fill(code);
    await page.getByLabel("Type").selectOption("fixed");
    await page.getByLabel("Value (percent, or euros)").fill("4.995");
    await page.getByRole("button", { name: "Create promo code" }).click();
    await page.getByText(/A fixed discount is an amount in euros/).waitFor();
    await page.getByLabel("Value (percent, or euros)").fill("4.99");
    await page.getByRole("button", { name: "Create promo code" }).click();
    await page.waitForURL(`**/staff/promos/${code}`);
    expect((await client.query("select value from promo_codes where code = $1", [code])).rows[0]).toEqual({
      value: 499,
    });
    expect(await page.getByLabel("Value (percent, or euros)").inputValue()).toBe("4.99");
    await page.getByText("€4.99 off").waitFor();
  });

  it("order ids read as buyers see them, are searchable, and an order links to its buyer's account", async () => {
    const order = await buyerOrder();
    const shown = order.id.slice(0, 8).toUpperCase();
    const page = await staffPage();
    await page.goto("/staff/orders");
    await page.getByLabel("Email or order id").fill(order.id.slice(0, 8).toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/q=/);
    const link = page.getByRole("link", { name: shown, exact: true });
    await link.waitFor();
    expect(await page.locator("tbody tr").count()).toBe(1);
    await link.click();
    await page.getByRole("heading", { name: `Order ${shown}`, exact: true }).waitFor();
    await page.getByRole("link", { name: `${DEMO_BUYER.email}'s account` }).click();
    await page.waitForURL(/\/staff\/users\?q=/);
    await page.getByRole("cell", { name: DEMO_BUYER.email }).first().waitFor();
  });
});

describe("staff console: refunds", () => {
  it("a part refund takes euros and a reason, lists its credit note, and the buyer reads every note of the order", async () => {
    const order = await buyerOrder();
    const staff = await staffPage();
    await staff.goto(`/staff/orders/${order.id}`);
    await staff.getByLabel("Payment reference").fill(`SEPA-PART-${run}`);
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await staff.getByLabel("Amount to refund").waitFor();

    await staff.getByLabel("Amount to refund").fill("10,50");
    await staff.getByLabel("Reason (printed on the credit note)").fill("One clip was not as described");
    await staff.getByRole("button", { name: "Refund part" }).click();

    const notes = staff.getByRole("region", { name: "Credit notes" });
    await notes.getByText("One clip was not as described").waitFor();
    expect(await notes.getByRole("link", { name: /^CN-\d{4}-\d{6} \(PDF\)$/ }).count()).toBe(1);
    expect(await notes.getByText("− €10.50").count()).toBe(1);
    for (const theme of ["light", "dark"] as const)
      await expectAccessibleIn(staff, `/staff/orders/${order.id}`, theme);

    // The whole rest goes back too: a second note, and the buyer's order page links both.
    await staff.goto(`/staff/orders/${order.id}?confirm=refund&target=${order.id}`);
    await staff.getByRole("button", { name: "Refund order" }).click();
    await notes.getByRole("link").nth(1).waitFor();
    const buyer = await newPage();
    await signInByCookie(buyer, DEMO_BUYER.email, DEMO_BUYER.password);
    await buyer.goto(`/orders/${order.id}`);
    const links = buyer.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6} \(PDF\)$/ });
    await links.first().waitFor();
    expect(await links.count()).toBe(2);
    const pdf = await buyer.request.get((await links.first().getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });
});

describe("staff console: tables and navigation", () => {
  it("sorts say what they sort, and no column is an empty 'Oldest first'", async () => {
    const page = await staffPage();
    for (const path of ["/staff/orders", "/staff/clips", "/staff/messages"]) {
      await page.goto(path);
      expect(await page.getByRole("columnheader", { name: /oldest first/i }).count()).toBe(0);
      const options = await page.getByLabel("Sort by").locator("option").allTextContents();
      expect(options.some((option) => /, oldest first$/.test(option))).toBe(true);
      for (const header of await page.getByRole("columnheader").allTextContents())
        expect(header.trim()).not.toBe("");
    }
    await page.goto("/staff/orders?sort=oldest");
    expect(await page.getByLabel("Sort by").inputValue()).toBe("oldest");
    expect(await page.getByRole("columnheader", { name: /Placed/ }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
  });

  it("on a phone the orders list shows each order's status and total within the screen", async () => {
    await buyerOrder();
    const page = await staffPage(PHONE);
    await page.goto("/staff/orders");
    const first = page.getByRole("list", { name: "Orders" }).getByRole("listitem").first();
    for (const label of ["Status", "Total"]) {
      const term = first.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) });
      await term.waitFor();
      const box = await term.locator("xpath=following-sibling::dd[1]").boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expect.poll(() => first.textContent()).toMatch(/€\d/);
    for (const theme of ["light", "dark"] as const) await expectAccessibleIn(page, "/staff/orders", theme);
  });

  it("the sidebar marks the section a page belongs to: a clip in review under the review queue", async () => {
    const clip = await client.query<{ id: number }>(
      `insert into clips (title, description, thumbnail_url, video_url, user_id, niche_id, license, duration_seconds,
         orientation, color_tone, mood, tags, width, height, status)
       select $1, 'Submitted for review', thumbnail_url, video_url, user_id, niche_id, license, duration_seconds,
         orientation, color_tone, mood, tags, width, height, 'in_review'
       from clips where status = 'published' order by id limit 1 returning id`,
      [`Sidebar check ${run}`],
    );
    const page = await staffPage();
    const current = () => page.getByRole("navigation", { name: "Staff console" }).locator("[aria-current]");
    try {
      await page.goto(`/staff/clips/${clip.rows[0]!.id}`);
      expect(await current().allTextContents()).toEqual(["Review queue"]);
      await page.goto("/staff/promos/new");
      expect(await current().allTextContents()).toEqual(["Promo codes"]);
      // Nothing reported and nothing decided yet: the headings say so instead of standing empty.
      await page.goto(`/staff/clips/${clip.rows[0]!.id}`);
      for (const heading of ["Reports", "History"]) {
        const section = page.locator("section", {
          has: page.getByRole("heading", { name: heading, exact: true }),
        });
        await section.getByText(STAFF_TEXTS.noneYet).waitFor();
      }
      for (const theme of ["light", "dark"] as const) {
        await expectAccessibleIn(page, `/staff/clips/${clip.rows[0]!.id}`, theme);
      }
    } finally {
      await client.query("delete from clips where id = $1", [clip.rows[0]!.id]);
    }
  });

  it("every page changed here is axe clean in light and dark, on a laptop and a phone", async () => {
    const order = await buyerOrder();
    const paths = [
      "/staff/audit",
      `/staff/audit?person=${encodeURIComponent(DEVELOPER)}`,
      `/staff/orders/${order.id}`,
      "/staff/orders",
      "/staff/plans",
      "/staff/users",
      "/staff/promos/new",
    ];
    for (const viewport of [undefined, PHONE]) {
      const page = await staffPage(viewport);
      for (const path of paths) {
        for (const theme of ["light", "dark"] as const) await expectAccessibleIn(page, path, theme);
      }
      await page.context().close();
    }
  });
});
