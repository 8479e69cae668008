import { expect, it } from "vitest";
import { useScratchDatabase } from "../support/scratch-database";

const LEDGER = "0028_royalty_ledger";
const scratch = useScratchDatabase("ledger");

it("migration 0028 copies every creator_earnings row into royalty_lines, pending for 30 days, then drops the old table", async () => {
  const client = await scratch.migratedBefore(LEDGER);
  for (const [id, username] of [
    ["creator", "maya_lake"],
    ["buyer", "buyer_one"],
  ]) {
    await client.query(
      `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       values ($1, $1, $1 || '@example.com', true, now(), now())`,
      [id],
    );
    await client.query("insert into profiles (id, username, role) values ($1, $2, 'creator')", [
      id,
      username,
    ]);
  }
  await client.query(
    `insert into niches (id, name, icon, thumbnail_url, display_order) values ('nature', 'Nature', 'leaf', '/n.jpg', 1)`,
  );
  const clipIds: number[] = [];
  for (const title of ["Ηλιοβασίλεμα", "Harbour at Dawn"]) {
    const clip = await client.query(
      `insert into clips (title, thumbnail_url, video_url, user_id, niche_id, license, duration_seconds,
         orientation, color_tone, mood, width, height)
       values ($1, '/t.jpg', '/v.mp4', 'creator', 'nature', 'standard', 10, 'landscape', 'cool', 'calm', 1920, 1080)
       returning id`,
      [title],
    );
    clipIds.push(clip.rows[0].id);
  }
  const orders: Record<string, string> = {};
  for (const [key, category, billing] of [
    ["one", "creator", "one_time"],
    ["two", "pro", "annual"],
  ]) {
    const order = await client.query(
      `insert into orders_pending (idempotency_key, plan_category, license_kind, billing, downloads,
         unit_price_cents, subtotal_cents, vat_rate_bps, vat_amount_cents, total_cents, email, country, user_id, status)
       values ($1, $2, 'standard', $3, 10, 8900, 8900, 1900, 1691, 10591, 'buyer@example.com', 'CY', 'buyer', 'paid')
       returning id`,
      [key, category, billing],
    );
    orders[key] = order.rows[0].id;
  }
  const earned = [
    {
      license: "VRD-ONE",
      order: orders.one!,
      clipId: clipIds[0]!,
      title: "Ηλιοβασίλεμα",
      cents: 445,
      at: "2026-10-02T10:00:00Z",
    },
    {
      license: "VRD-TWO",
      order: orders.two!,
      clipId: clipIds[1]!,
      title: "Harbour at Dawn",
      cents: 1_000,
      at: "2026-11-20T08:30:00Z",
    },
  ];
  for (const row of earned) {
    const entitlement = await client.query(
      `insert into entitlements (order_id, user_id, license_kind, downloads_total, price_cents, starts_at, expires_at)
       values ($1, 'buyer', 'standard', 10, 8900, now(), now() + interval '1 year') returning id`,
      [row.order],
    );
    await client.query(
      `insert into licenses (id, user_id, clip_id, entitlement_id, order_id, license_kind, licensee_name,
         licensee_email, clip_title, creator_name)
       values ($1, 'buyer', $2, $3, $4, 'standard', 'Buyer', 'buyer@example.com', $5, 'Maya')`,
      [row.license, row.clipId, entitlement.rows[0].id, row.order, row.title],
    );
    await client.query(
      `insert into creator_earnings (license_id, creator_id, clip_id, base_cents, rate_bps, amount_cents, created_at)
       values ($1, 'creator', $2, $3, 5000, $4, $5)`,
      [row.license, row.clipId, row.cents * 2, row.cents, row.at],
    );
  }

  await scratch.migrateToEnd();

  const lines = await client.query(
    `select kind, license_id, order_id, creator_id, clip_id, clip_title, plan_name, base_cents, rate_bps,
       amount_cents, reverses_id, payout_id, created_at, available_at
     from royalty_lines order by created_at`,
  );
  expect(lines.rows).toEqual([
    {
      kind: "royalty",
      license_id: "VRD-ONE",
      order_id: orders.one,
      creator_id: "creator",
      clip_id: clipIds[0],
      clip_title: "Ηλιοβασίλεμα",
      plan_name: "Creator · One-time purchase",
      base_cents: 890,
      rate_bps: 5000,
      amount_cents: 445,
      reverses_id: null,
      payout_id: null,
      created_at: new Date("2026-10-02T10:00:00Z"),
      available_at: new Date("2026-11-01T10:00:00Z"),
    },
    expect.objectContaining({
      license_id: "VRD-TWO",
      clip_title: "Harbour at Dawn",
      plan_name: "Pro · Billed annually",
      amount_cents: 1_000,
      available_at: new Date("2026-12-20T08:30:00Z"),
    }),
  ]);
  const old = await client.query("select to_regclass('public.creator_earnings') as table");
  expect(old.rows).toEqual([{ table: null }]);
});
