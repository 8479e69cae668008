ALTER TYPE "public"."tax_reason" ADD VALUE 'foreign_consumer';--> statement-breakpoint
ALTER TYPE "public"."tax_reason" ADD VALUE 'foreign_business';--> statement-breakpoint
ALTER TYPE "public"."tax_reason" ADD VALUE 'not_registered';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vat_rate_bps" SET DATA TYPE numeric(7, 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_subdivision" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "evidence_card_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_subdivision" CHECK ("orders"."tax_subdivision" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_evidence_card_country" CHECK ("orders"."evidence_card_country" ~ '^[A-Z]{2}$');