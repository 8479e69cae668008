CREATE TYPE "public"."vat_check_status" AS ENUM('pending', 'confirmed', 'rejected', 'unavailable');--> statement-breakpoint
CREATE TYPE "public"."vat_register" AS ENUM('VIES', 'HMRC');--> statement-breakpoint
CREATE TABLE "vat_number_checks" (
	"vat_number" text PRIMARY KEY NOT NULL,
	"register" "vat_register" NOT NULL,
	"status" "vat_check_status" DEFAULT 'pending' NOT NULL,
	"consultation_number" text,
	"registered_name" text,
	"registered_address" text,
	"requested_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_check_status" "vat_check_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_consultation_number" text;