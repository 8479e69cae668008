CREATE TYPE "public"."subscription_status" AS ENUM('active', 'past_due', 'ended');--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"plan_category" "plan_category" NOT NULL,
	"billing" "billing" NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"grace_ends_at" timestamp with time zone,
	"reminded_for" timestamp with time zone,
	"stripe_synced_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "subscriptions_provider" CHECK ("subscriptions"."provider" in ('stripe', 'manual')),
	CONSTRAINT "subscriptions_amount" CHECK ("subscriptions"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "stripe_invoice_id" text;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_pending_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders_pending"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_period_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders_pending" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "orders_pending" ADD CONSTRAINT "orders_pending_stripe_invoice_id_unique" UNIQUE("stripe_invoice_id");--> statement-breakpoint
ALTER TABLE "orders_pending" ADD CONSTRAINT "orders_refunded_cents" CHECK ("orders_pending"."refunded_cents" between 0 and "orders_pending"."total_cents");