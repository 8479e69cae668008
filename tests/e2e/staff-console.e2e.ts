import type pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { THEME_STORAGE_KEY } from "~/constants";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_PASSWORD, signIn } from "./accounts-helpers";
import { expectAccessible, expectAt, expectVisible, newPage, PHONE } from "./browser";
import { lockCatalogue } from "./shared-locks";

/** The staff console as the team uses it, signed in as the demo developer. */
const DEVELOPER = "dev@verdeo.local";
const run = Date.now().toString(36).toUpperCase();

let client: pg.Client;
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  await client?.end();
});

/** A clip waiting for review, copied from a demo clip (not public until a test approves it). */
async function clipInReview(title: string) {
  const result = await client.query<{ id: number }>(
    `insert into clips (title, description, thumbnail_url, video_url, user_id, niche_id, license, duration_seconds,
       orientation, color_tone, mood, tags, width, height, status)
     select $1, 'Submitted for review', thumbnail_url, video_url, user_id, niche_id, license, duration_seconds,
       orientation, color_tone, mood, tags, width, height, 'in_review'
     from clips where status = 'published' order by id limit 1
     returning id`,
    [title],
  );
  return result.rows[0]!.id;
}

async function clipStatus(id: number) {
  const result = await client.query<{ status: string; status_reason: string | null }>(
    "select status, status_reason from clips where id = $1",
    [id],
  );
  return result.rows[0];
}

async function staffPage(viewport?: { width: number; height: number }) {
  const page = await newPage(viewport ? { viewport } : {});
  await signIn(page, DEVELOPER, DEMO_PASSWORD);
  return page;
}

async function toast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor();
}

describe("staff console", () => {
  it("is the ordinary 404 page for a visitor", async () => {
    const page = await newPage();
    const response = await page.goto("/staff/orders");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: /doesn't exist|not found/i }).waitFor();
    expect(await page.getByRole("navigation", { name: "Staff console" }).count()).toBe(0);

    const buyer = await newPage();
    await signIn(buyer);
    expect((await buyer.goto("/staff"))?.status()).toBe(404);
    await buyer.getByTestId("user-menu").click();
    await buyer.getByRole("menuitem", { name: "My Profile" }).waitFor();
    expect(await buyer.getByRole("menuitem", { name: "Staff console" }).count()).toBe(0);
  });

  it("a developer reaches the console from the account menu", async () => {
    const page = await staffPage();
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Staff console" }).click();
    await expectAt(page, "/staff");
    await expectVisible(page.getByRole("heading", { name: "Overview" }));
  });

  it("review: approve publishes a clip, reject (after the confirm step) records the reason", async () => {
    const approveId = await clipInReview(`Review approve ${run}`);
    const rejectId = await clipInReview(`Review reject ${run}`);
    const page = await staffPage();

    // Other browser tests count the demo catalogue on this shared server: they wait while the
    // approved clip is public, and find the catalogue as it was once it is removed again.
    const unlockCatalogue = await lockCatalogue();
    try {
      await page.goto("/staff/review");
      await page.getByRole("link", { name: new RegExp(`Review approve ${run}`) }).click();
      await page.waitForURL(`**/staff/clips/${approveId}`);
      await page.getByRole("button", { name: "Approve and publish" }).click();
      await page.waitForURL("**/staff/review");
      await toast(page, "Approved: the clip is published.");
      expect((await clipStatus(approveId))?.status).toBe("published");
      const publicPage = await page.goto(`/video/${approveId}`);
      expect(publicPage?.status()).toBe(200);
    } finally {
      await client.query("delete from clips where id = $1", [approveId]);
      unlockCatalogue();
    }

    await page.goto(`/staff/clips/${rejectId}`);
    await page.getByRole("link", { name: "Reject…" }).click();
    await page.getByRole("heading", { name: "Reject this clip?" }).waitFor();
    await page.getByLabel(/same as, or too close to/).check();
    await page.getByLabel("Note to the creator (optional)").fill("Same shot as the lake clip.");
    await page.getByRole("button", { name: "Reject clip" }).click();
    await page.waitForURL("**/staff/review");
    expect(await clipStatus(rejectId)).toMatchObject({
      status: "rejected",
      status_reason: expect.stringContaining("Same shot as the lake clip."),
    });
    // Its budget covers waiting for the catalogue lock, which the catalogue files hold for their whole
    // run (a minute or more on a 2-core machine), on top of its own steps.
  }, 180_000);

  it("a promo code created in the console is used at checkout; staff then mark the order paid", async () => {
    const code = `E2E${run}`.slice(0, 20);
    const email = `staff-e2e-${run.toLowerCase()}@example.com`;
    const staff = await staffPage();
    await staff.goto("/staff/promos/new");
    await staff.getByLabel("Code").fill(code.toLowerCase());
    await staff.getByLabel("Type").selectOption("percent");
    await staff.getByLabel("Value (percent, or euros)").fill("25");
    await staff.getByLabel("Maximum uses (optional)").fill("3");
    await staff.getByRole("button", { name: "Create promo code" }).click();
    await staff.waitForURL(`**/staff/promos/${code}`);
    await staff.getByRole("heading", { name: code }).waitFor();

    const buyer = await newPage();
    await buyer.goto("/pricing");
    await buyer
      .getByTestId("plan-creator")
      .getByRole("button", { name: /^Choose/ })
      .click();
    await buyer.waitForURL("**/checkout");
    await buyer.getByLabel("Promo code").fill(code.toLowerCase());
    await buyer.getByRole("button", { name: "Apply" }).click();
    await buyer.getByRole("button", { name: "Remove" }).waitFor();
    await buyer.locator("main").getByLabel("Email").fill(email);
    await buyer.getByRole("checkbox", { name: /I agree/ }).check();
    await buyer.getByRole("button", { name: "Place order" }).click();
    await buyer.waitForURL("**/checkout/success");
    const stored = await client.query(
      "select id, promo_code, promo_value_cents, status from orders where email = $1",
      [email],
    );
    expect(stored.rows).toMatchObject([{ promo_code: code, status: "awaiting_payment" }]);
    expect(stored.rows[0].promo_value_cents).toBeGreaterThan(0);

    await staff.goto(`/staff/orders?status=awaiting_payment&email=${encodeURIComponent(email)}`);
    await staff.getByRole("link", { name: String(stored.rows[0].id).slice(0, 8) }).click();
    await staff.getByLabel("Payment reference").fill("SEPA-E2E-1");
    await staff.getByRole("button", { name: "Mark paid" }).click();
    await toast(staff, /Marked paid; invoice INV-\d{4}-\d{6}/);
    const paid = await client.query("select status, payment_reference from orders where email = $1", [email]);
    expect(paid.rows).toEqual([{ status: "paid", payment_reference: "SEPA-E2E-1" }]);
    const granted = await client.query("select count(*)::int as n from entitlements where order_id = $1", [
      stored.rows[0].id,
    ]);
    expect(granted.rows[0].n).toBe(1);
    const uses = await client.query("select uses_count from promo_codes where code = $1", [code]);
    expect(uses.rows[0].uses_count).toBe(1);
  });

  it("a reply to a contact message is stored, queued as mail and marks the message answered", async () => {
    const subject = `Licence question ${run}`;
    await client.query(
      `insert into contact_messages (user_id, username, email, subject, message)
       select id, coalesce(username, 'someone'), email, $1, 'Can I use a clip in a podcast trailer?' from profiles where email = 'buyer@verdeo.local'`,
      [subject],
    );
    const page = await staffPage();
    await page.goto("/staff/messages?status=open");
    await page.getByRole("link", { name: subject }).click();
    await page.getByLabel(/Your reply to/).fill("Yes: the Standard license covers trailers.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await toast(page, "Reply sent.");
    await page.getByText("Yes: the Standard license covers trailers.").waitFor();
    const stored = await client.query(
      "select m.status, r.body from contact_messages m join contact_replies r on r.message_id = m.id where m.subject = $1",
      [subject],
    );
    expect(stored.rows).toEqual([{ status: "answered", body: "Yes: the Standard license covers trailers." }]);
  });

  // One test per theme and width: forty axe runs do not fit one test's time on a busy machine.
  it.each([
    ["light", "a laptop"],
    ["dark", "a laptop"],
    ["light", "a phone"],
    ["dark", "a phone"],
  ] as const)("every screen is axe clean in %s on %s", async (theme, device) => {
    const clipId = await clipInReview(`Axe check ${run} ${theme} ${device}`);
    const order = await client.query<{ id: string }>(
      "select id from orders order by created_at desc limit 1",
    );
    const paths = [
      "/staff",
      "/staff/review",
      `/staff/clips/${clipId}`,
      `/staff/clips/${clipId}?confirm=reject&target=${clipId}`,
      "/staff/clips",
      "/staff/reports",
      "/staff/creators",
      "/staff/orders",
      ...(order.rows[0] ? [`/staff/orders/${order.rows[0].id}`] : []),
      "/staff/messages",
      "/staff/promos",
      "/staff/promos/new",
      "/staff/plans",
      "/staff/users",
      "/staff/jobs",
      "/staff/audit",
    ];
    const phone = device === "a phone";
    const page = await staffPage(phone ? PHONE : undefined);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_STORAGE_KEY,
      value: theme,
    });
    for (const path of phone ? paths.slice(0, 4) : paths) {
      await page.goto(path);
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle("dark", dark),
        theme === "dark",
      );
      await expectAccessible(page);
    }
    await page.context().close();
  });
});
