-- The royalties earned so far become the ledger's first lines: each pending for the refund window
-- (30 days, the default) from the moment it was earned, none paid yet.
INSERT INTO "royalty_lines" ("creator_id", "kind", "license_id", "order_id", "clip_id", "clip_title", "plan_name", "base_cents", "rate_bps", "amount_cents", "available_at", "created_at")
SELECT e."creator_id", 'royalty', e."license_id", l."order_id", e."clip_id", l."clip_title",
  initcap(o."plan_category"::text) || ' · ' || CASE o."billing" WHEN 'one_time' THEN 'One-time purchase' WHEN 'monthly' THEN 'Billed monthly' ELSE 'Billed annually' END,
  e."base_cents", e."rate_bps", e."amount_cents", e."created_at" + interval '30 days', e."created_at"
FROM "creator_earnings" e
JOIN "licenses" l ON l."id" = e."license_id"
JOIN "orders_pending" o ON o."id" = l."order_id";
--> statement-breakpoint
DROP TABLE "creator_earnings" CASCADE;
