ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eur_rate" numeric(14, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eur_rate_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eur_rate_source" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency" CHECK ("orders"."currency" in ('EUR', 'USD', 'GBP', 'CHF', 'JPY'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_eur_rate" CHECK ("orders"."eur_rate" > 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_currency" CHECK ("subscriptions"."currency" in ('EUR', 'USD', 'GBP', 'CHF', 'JPY'));