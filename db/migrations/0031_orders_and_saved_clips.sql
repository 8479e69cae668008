-- One name for one thing: `orders_pending` holds every order (paid, refunded, cancelled too) and
-- `saved_videos` holds saved clips. As 0022 did for posts, a rename keeps every row and foreign key
-- (check constraints follow the table by themselves); the constraint and index names follow as
-- drizzle-kit derives them from the new names.
ALTER TABLE "orders_pending" RENAME TO "orders";--> statement-breakpoint
ALTER TABLE "saved_videos" RENAME TO "saved_clips";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_pending_pkey" TO "orders_pkey";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_pending_idempotency_key_unique" TO "orders_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_pending_stripe_session_id_unique" TO "orders_stripe_session_id_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_pending_stripe_invoice_id_unique" TO "orders_stripe_invoice_id_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_pending_user_id_profiles_id_fk" TO "orders_user_id_profiles_id_fk";--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME CONSTRAINT "credit_notes_order_id_orders_pending_id_fk" TO "credit_notes_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" RENAME CONSTRAINT "invoices_order_id_orders_pending_id_fk" TO "invoices_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "promo_redemptions" RENAME CONSTRAINT "promo_redemptions_order_id_orders_pending_id_fk" TO "promo_redemptions_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME CONSTRAINT "subscriptions_order_id_orders_pending_id_fk" TO "subscriptions_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "entitlements" RENAME CONSTRAINT "entitlements_order_id_orders_pending_id_fk" TO "entitlements_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "licenses" RENAME CONSTRAINT "licenses_order_id_orders_pending_id_fk" TO "licenses_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "royalty_lines" RENAME CONSTRAINT "royalty_lines_order_id_orders_pending_id_fk" TO "royalty_lines_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "saved_clips" RENAME CONSTRAINT "saved_videos_pkey" TO "saved_clips_pkey";--> statement-breakpoint
ALTER TABLE "saved_clips" RENAME CONSTRAINT "saved_videos_user_clip" TO "saved_clips_user_clip";--> statement-breakpoint
ALTER TABLE "saved_clips" RENAME CONSTRAINT "saved_videos_clip_id_clips_id_fk" TO "saved_clips_clip_id_clips_id_fk";--> statement-breakpoint
ALTER TABLE "saved_clips" RENAME CONSTRAINT "saved_videos_user_id_profiles_id_fk" TO "saved_clips_user_id_profiles_id_fk";--> statement-breakpoint
ALTER INDEX "saved_videos_user_created_idx" RENAME TO "saved_clips_user_created_idx";--> statement-breakpoint
-- PostgreSQL 18 also names each NOT NULL constraint after its table (orders_pending_email_not_null);
-- older servers have none, so these are renamed by lookup.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace AND conname ~ '^(orders_pending|saved_videos)_'
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', r.tbl, r.conname,
      regexp_replace(regexp_replace(r.conname, '^orders_pending_', 'orders_'), '^saved_videos_', 'saved_clips_'));
  END LOOP;
END $$;
