import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PAYOUT_MESSAGES } from "~/payouts/details/payout-details";
import { PAYOUT_RUN_TEXTS, payoutRunApprovalTexts } from "~/payouts/runs/payout-runs";
import { connectToServerDatabase } from "../support/commerce-http";
import { newAccount, signInByCookie, signUp } from "./accounts-helpers";
import { expectAccessible, newPage } from "./browser";
import { fillIndividualSellerAndSave } from "./seller-form";
import { lockCatalogue, lockPayoutRuns } from "./shared-locks";

/**
 * Issue 27's whole journey: a creator gives their bank and seller details, earns from two downloads,
 * the team pays the month out, and the creator's statement lists both licenses.
 */
const DEVELOPER = "dev@verdeo.local";
// A month no other browser test pays out: each month has one run on this shared server.
const PERIOD = "2022-05";
const PERIOD_LABEL = "May 2022";

let client: pg.Client;
const borrowed: { id: number; userId: string }[] = [];
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  for (const clip of borrowed)
    await client.query("update clips set user_id = $2 where id = $1", [clip.id, clip.userId]);
  await client?.end();
});

async function profileId(email: string) {
  const { rows } = await client.query<{ id: string }>("select id from profiles where email = $1", [email]);
  return rows[0]!.id;
}

/**
 * A paid plan of ten downloads for the buyer, as marking an order paid would grant it: €1,200, so
 * each download earns its creator €60 and two pass the €50 payout threshold.
 */
async function grantPlan(userId: string, email: string) {
  const order = await client.query<{ id: string }>(
    `insert into orders (idempotency_key, plan_category, license_kind, billing, downloads, unit_price_cents,
       subtotal_cents, promo_value_cents, vat_rate_bps, vat_amount_cents, total_cents, email, country, user_id,
       status, paid_at, payment_reference)
     values (gen_random_uuid()::text, 'business', 'extended', 'one_time', 10, 120000, 120000, 0, 1900, 22800, 142800, $1,
       'CY', $2, 'paid', now(), 'bank transfer') returning id`,
    [email, userId],
  );
  await client.query(
    `insert into entitlements (order_id, user_id, license_kind, downloads_total, price_cents, starts_at, expires_at)
     values ($1, $2, 'extended', 10, 120000, now() - interval '1 minute', now() + interval '1 year')`,
    [order.rows[0]!.id, userId],
  );
}

describe("creator payouts, from details to statement", () => {
  it("a creator enters bank details, earns from two downloads, the run is approved and marked sent, and the statement PDF lists both licenses", async () => {
    // 1. A new creator gives how to be paid and who they are.
    const studio = await newPage();
    const creator = await signUp(studio, newAccount());
    const creatorId = await profileId(creator.email);
    await client.query("update profiles set role = 'creator' where id = $1", [creatorId]);
    await studio.goto("/studio/payouts");
    const bank = studio.getByRole("form", { name: "Bank details" });
    await bank.getByLabel("Account holder").fill("Ada Lovelace");
    await bank.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await bank.getByLabel("BIC (SWIFT code)").fill("COBADEFFXXX");
    await bank.getByRole("button", { name: "Save bank details" }).click();
    await studio.getByText(`${PAYOUT_MESSAGES.bankSaved} 3000.`).waitFor();
    const seller = studio.getByRole("form", { name: "Seller details" });
    await seller.getByLabel("First name").fill("Ada");
    await seller.getByLabel("Last name").fill("Lovelace");
    await fillIndividualSellerAndSave(seller);
    await studio.getByText(PAYOUT_MESSAGES.sellerSaved).waitFor();
    await expect
      .poll(() => studio.getByTestId("payout-readiness").textContent())
      .toContain("Ready for payouts");

    // 2. Two demo clips are this creator's while a buyer with a plan downloads them.
    const buyer = await newPage();
    const buyerAccount = await signUp(buyer, newAccount());
    await grantPlan(await profileId(buyerAccount.email), buyerAccount.email);
    const release = await lockCatalogue();
    const titles: string[] = [];
    try {
      const { rows } = await client.query<{ id: number; user_id: string; title: string }>(
        "select id, user_id, title from clips where status = 'published' order by id offset 6 limit 2",
      );
      for (const clip of rows) {
        borrowed.push({ id: clip.id, userId: clip.user_id });
        await client.query("update clips set user_id = $2 where id = $1", [clip.id, creatorId]);
      }
      for (const clip of rows) {
        await buyer.goto(`/video/${clip.id}/download`);
        const dialog = buyer.getByTestId("download-dialog");
        await Promise.all([
          buyer.waitForEvent("download"),
          dialog.getByRole("button", { name: "License and download" }).click(),
        ]);
        titles.push(clip.title);
      }
    } finally {
      for (const clip of borrowed.splice(0))
        await client.query("update clips set user_id = $2 where id = $1", [clip.id, clip.userId]);
      release();
    }
    const earned = await client.query<{ amount_cents: number }>(
      "select amount_cents from royalty_lines where creator_id = $1 and kind = 'royalty'",
      [creatorId],
    );
    expect(earned.rows).toHaveLength(2);
    // The test cannot wait out the 30-day refund window: the lines are moved back to the month paid.
    const releaseRuns = await lockPayoutRuns();
    await client.query(
      `update royalty_lines set created_at = $2::date + interval '14 days', available_at = now() - interval '1 day'
       where creator_id = $1`,
      [creatorId, `${PERIOD}-01`],
    );

    // 3. The team proposes the month's run, approves it, and marks the bank transfers sent.
    const staff = await newPage();
    await signInByCookie(staff, DEVELOPER);
    await staff.goto("/staff/payouts");
    await staff.getByLabel("Month").fill(PERIOD);
    await staff.getByRole("button", { name: "Propose run" }).click();
    await staff.waitForURL(/\/staff\/payouts\/[0-9a-f-]{36}$/);
    const row = staff.getByRole("row").filter({ hasText: creator.username });
    try {
      await row.getByText("€120.00 · 2 lines").waitFor();
    } finally {
      releaseRuns();
    }
    await staff.getByRole("link", { name: "Approve run…" }).click();
    await staff.getByRole("button", { name: "Approve and pay" }).click();
    await staff.getByText(payoutRunApprovalTexts(false).approved).first().waitFor();
    await staff.getByRole("link", { name: "Mark bank payouts sent…" }).click();
    await staff.getByRole("button", { name: "Mark sent" }).click();
    await staff.getByText(PAYOUT_RUN_TEXTS.markedSent).first().waitFor();
    await row.getByText("Sent", { exact: true }).waitFor();

    // 4. The creator's earnings list the month's statement, whose PDF names both licenses.
    await studio.goto("/studio/earnings");
    const statement = studio.getByRole("listitem").filter({ hasText: PERIOD_LABEL });
    await statement.waitFor();
    await expectAccessible(studio);
    const href = await statement
      .getByRole("link", { name: `${PERIOD_LABEL} statement, PDF` })
      .getAttribute("href");
    const pdf = await studio.request.get(href!);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "verdeo-e2e-statement-")), "statement.pdf");
    writeFileSync(file, await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const title of titles) expect(text).toContain(title);
    // Four people's steps in one test: about 40 s on a quiet 2-core machine, more on CI's.
  }, 150_000);
});
