CREATE TABLE "pricing_tier_prices" (
	"tier_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price_minor" integer NOT NULL,
	CONSTRAINT "pricing_tier_prices_tier_id_currency_pk" PRIMARY KEY("tier_id","currency"),
	CONSTRAINT "pricing_tier_prices_currency" CHECK ("pricing_tier_prices"."currency" in ('USD', 'GBP', 'CHF', 'JPY')),
	CONSTRAINT "pricing_tier_prices_price" CHECK ("pricing_tier_prices"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"rate_date" date NOT NULL,
	"currency" text NOT NULL,
	"eur_rate" numeric(14, 6) NOT NULL,
	"source" text DEFAULT 'ECB' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_date_currency_pk" PRIMARY KEY("rate_date","currency"),
	CONSTRAINT "exchange_rates_rate" CHECK ("exchange_rates"."eur_rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "pricing_tier_prices" ADD CONSTRAINT "pricing_tier_prices_tier_id_pricing_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."pricing_tiers"("id") ON DELETE cascade ON UPDATE no action;