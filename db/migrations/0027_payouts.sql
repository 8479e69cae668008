CREATE TYPE "public"."connect_status" AS ENUM('details_needed', 'enabled', 'restricted');--> statement-breakpoint
CREATE TYPE "public"."payout_method" AS ENUM('stripe', 'bank');--> statement-breakpoint
CREATE TYPE "public"."payout_run_status" AS ENUM('proposed', 'approved', 'completed');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('proposed', 'approved', 'failed', 'sent');--> statement-breakpoint
CREATE TYPE "public"."royalty_line_kind" AS ENUM('royalty', 'reversal', 'restoration');--> statement-breakpoint
CREATE TYPE "public"."seller_kind" AS ENUM('individual', 'business');--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"creator_id" text PRIMARY KEY NOT NULL,
	"method" "payout_method" NOT NULL,
	"stripe_account_id" text,
	"stripe_status" "connect_status",
	"stripe_status_at" timestamp with time zone,
	"bank_holder" text,
	"bank_iban_sealed" text,
	"bank_iban_last4" text,
	"bank_bic" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_stripe_account_id_unique" UNIQUE("stripe_account_id")
);
--> statement-breakpoint
CREATE TABLE "payout_run_exclusions" (
	"run_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"available_cents" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "payout_run_exclusions_run_id_creator_id_pk" PRIMARY KEY("run_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"status" "payout_run_status" DEFAULT 'proposed' NOT NULL,
	"threshold_cents" integer NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_runs_period_unique" UNIQUE("period")
);
--> statement-breakpoint
CREATE TABLE "payout_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"period" text NOT NULL,
	"payout_id" uuid,
	"opening_cents" integer NOT NULL,
	"earned_cents" integer NOT NULL,
	"reversed_cents" integer NOT NULL,
	"paid_cents" integer NOT NULL,
	"closing_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_statements_creator_period" UNIQUE("creator_id","period")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"method" "payout_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "payout_status" DEFAULT 'proposed' NOT NULL,
	"stripe_transfer_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_stripe_transfer_id_unique" UNIQUE("stripe_transfer_id"),
	CONSTRAINT "payouts_run_creator" UNIQUE("run_id","creator_id"),
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "royalty_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"kind" "royalty_line_kind" NOT NULL,
	"license_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"clip_id" integer,
	"clip_title" text NOT NULL,
	"plan_name" text NOT NULL,
	"base_cents" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reverses_id" uuid,
	"available_at" timestamp with time zone NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_lines_sign" CHECK (("royalty_lines"."kind" = 'reversal' and "royalty_lines"."amount_cents" <= 0) or ("royalty_lines"."kind" <> 'reversal' and "royalty_lines"."amount_cents" >= 0)),
	CONSTRAINT "royalty_lines_reverses" CHECK (("royalty_lines"."kind" = 'royalty') = ("royalty_lines"."reverses_id" is null))
);
--> statement-breakpoint
CREATE TABLE "seller_details" (
	"creator_id" text PRIMARY KEY NOT NULL,
	"seller_kind" "seller_kind" NOT NULL,
	"legal_name" text NOT NULL,
	"address_line" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"date_of_birth" date,
	"company_number" text,
	"tax_id" text NOT NULL,
	"tax_country" text NOT NULL,
	"vat_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_details_countries" CHECK ("seller_details"."country" ~ '^[A-Z]{2}$' and "seller_details"."tax_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "seller_details_identity" CHECK (("seller_details"."seller_kind" = 'individual' and "seller_details"."date_of_birth" is not null) or ("seller_details"."seller_kind" = 'business' and "seller_details"."company_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_run_exclusions" ADD CONSTRAINT "payout_run_exclusions_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_run_exclusions" ADD CONSTRAINT "payout_run_exclusions_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD CONSTRAINT "royalty_lines_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD CONSTRAINT "royalty_lines_order_id_orders_pending_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders_pending"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD CONSTRAINT "royalty_lines_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD CONSTRAINT "royalty_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_details" ADD CONSTRAINT "seller_details_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_creator_idx" ON "payouts" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_lines_license_once" ON "royalty_lines" USING btree ("license_id") WHERE "royalty_lines"."kind" = 'royalty';--> statement-breakpoint
CREATE INDEX "royalty_lines_creator_idx" ON "royalty_lines" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "royalty_lines_order_idx" ON "royalty_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "royalty_lines_unpaid_idx" ON "royalty_lines" USING btree ("creator_id","available_at") WHERE "royalty_lines"."payout_id" is null;
