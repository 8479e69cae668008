-- A refund ends the licenses made under its order (docs/decisions/0024), as Shutterstock and Adobe do.
-- Licenses of orders refunded before this were granted under terms that kept them: they stay valid.
ALTER TABLE "licenses" DROP CONSTRAINT "licenses_user_clip";--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_user_clip_live" ON "licenses" USING btree ("user_id","clip_id") WHERE "licenses"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "licenses_order_idx" ON "licenses" USING btree ("order_id");