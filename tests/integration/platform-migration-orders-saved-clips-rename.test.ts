import { expect, it } from "vitest";
import { useScratchDatabase } from "../support/scratch-database";

const RENAME = "0031_orders_and_saved_clips";
const scratch = useScratchDatabase("orders_rename");

it("renaming orders_pending to orders and saved_videos to saved_clips keeps every order, its references and saved clip", async () => {
  const client = await scratch.migratedBefore(RENAME);
  await client.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('u1', 'Maya', 'maya@example.com', true, now(), now())`);
  await client.query(`insert into profiles (id, username) values ('u1', 'maya_lake')`);
  await client.query(
    `insert into niches (id, name, icon, thumbnail_url, display_order) values ('nature', 'Nature', 'leaf', '/n.jpg', 1)`,
  );
  const clip = await client.query(
    `insert into clips (title, description, thumbnail_url, video_url, user_id, niche_id, license,
      duration_seconds, orientation, color_tone, mood, width, height, status)
     values ('Misty lake', 'A lake', '/t.jpg', '/v.mp4', 'u1', 'nature', 'standard', 10, 'landscape',
      'cool', 'calm', 1920, 1080, 'published')
     returning id`,
  );
  const clipId = clip.rows[0].id;
  await client.query(`insert into saved_videos (clip_id, user_id) values ($1, 'u1')`, [clipId]);
  const order = await client.query(
    `insert into orders_pending (idempotency_key, plan_category, license_kind, billing, downloads,
       unit_price_cents, subtotal_cents, vat_rate_bps, vat_amount_cents, total_cents, email, country, user_id, status)
     values ('key-1', 'creator', 'standard', 'one_time', 5, 100, 100, 1900, 19, 119, 'maya@example.com', 'CY', 'u1', 'paid')
     returning id`,
  );
  const orderId = order.rows[0].id;
  await client.query(`insert into invoices (number, order_id, issued_at) values (1, $1, now())`, [orderId]);

  await scratch.migrateToEnd();

  const orders = await client.query("select id, idempotency_key, status, total_cents from orders");
  expect(orders.rows).toEqual([{ id: orderId, idempotency_key: "key-1", status: "paid", total_cents: 119 }]);
  const invoices = await client.query("select order_id from invoices");
  expect(invoices.rows).toEqual([{ order_id: orderId }]);
  const saved = await client.query("select clip_id, user_id from saved_clips");
  expect(saved.rows).toEqual([{ clip_id: clipId, user_id: "u1" }]);
  // The constraints still hold under their new names.
  await expect(
    client.query(`insert into saved_clips (clip_id, user_id) values ($1, 'u1')`, [clipId]),
  ).rejects.toMatchObject({ constraint: "saved_clips_user_clip" });
  await expect(
    client.query("update orders set total_cents = 1 where id = $1", [orderId]),
  ).rejects.toMatchObject({ constraint: "orders_amounts" });
  await expect(client.query("delete from orders where id = $1", [orderId])).rejects.toMatchObject({
    constraint: "invoices_order_id_orders_id_fk",
  });
  const leftovers = await client.query(
    `select conname from pg_constraint where conname ~ '(orders_pending|saved_videos)' union all
     select indexname from pg_indexes where schemaname = 'public' and indexname ~ '(orders_pending|saved_videos)'`,
  );
  expect(leftovers.rows).toEqual([]);
});
