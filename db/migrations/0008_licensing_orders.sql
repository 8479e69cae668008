CREATE TYPE "public"."order_status" AS ENUM('awaiting_payment', 'paid', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TABLE "creator_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"clip_id" integer,
	"base_cents" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_earnings_license_id_unique" UNIQUE("license_id"),
	CONSTRAINT "creator_earnings_amounts" CHECK ("creator_earnings"."base_cents" >= 0 and "creator_earnings"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"license_kind" "license" NOT NULL,
	"downloads_total" integer NOT NULL,
	"downloads_used" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "entitlements_downloads" CHECK ("entitlements"."downloads_total" >= 0 and "entitlements"."downloads_used" >= 0 and ("entitlements"."downloads_total" = 0 or "entitlements"."downloads_used" <= "entitlements"."downloads_total")),
	CONSTRAINT "entitlements_period" CHECK ("entitlements"."expires_at" > "entitlements"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counter_single_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"number" integer PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"clip_id" integer,
	"entitlement_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"license_kind" "license" NOT NULL,
	"licensee_name" text NOT NULL,
	"licensee_email" text NOT NULL,
	"clip_title" text NOT NULL,
	"creator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_user_clip" UNIQUE("user_id","clip_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders_pending" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
UPDATE "orders_pending" SET "status" = 'awaiting_payment' WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders_pending" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders_pending" ALTER COLUMN "status" SET DEFAULT 'awaiting_payment'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "stripe_session_id" text;--> statement-breakpoint
ALTER TABLE "orders_pending" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_clip_id_posts_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_order_id_orders_pending_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders_pending"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_pending_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders_pending"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_clip_id_posts_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_id_orders_pending_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders_pending"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_earnings_creator_created_idx" ON "creator_earnings" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "entitlements_user_expires_idx" ON "entitlements" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "licenses_user_created_idx" ON "licenses" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders_pending" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders_pending" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders_pending" ADD CONSTRAINT "orders_pending_stripe_session_id_unique" UNIQUE("stripe_session_id");--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last_number") VALUES (1, 0) ON CONFLICT DO NOTHING;
