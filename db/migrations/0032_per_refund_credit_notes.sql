-- Late and partial Stripe events (docs/decisions/0024). A credit note per refund: an order may now
-- have several (a part refund, then the rest), each with its own amount and the VAT in it. Notes
-- made before credited their whole order, so their VAT is the order's. An order whose money all
-- went back records it in refunded_cents, as a part refund always did.
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_order_id_unique";--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_amount";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "vat_cents" integer;--> statement-breakpoint
UPDATE "credit_notes" SET "vat_cents" = "orders"."vat_amount_cents" FROM "orders" WHERE "orders"."id" = "credit_notes"."order_id";--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "vat_cents" SET NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "refunded_cents" = "total_cents" WHERE "paid_at" IS NOT NULL AND "status" IN ('refunded', 'cancelled');--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_deleted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "subscriptions" SET "stripe_deleted_at" = "ended_at" WHERE "provider" = 'stripe' AND "status" = 'ended';--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_amount" CHECK ("credit_notes"."amount_cents" >= 0 and "credit_notes"."vat_cents" between 0 and "credit_notes"."amount_cents");
