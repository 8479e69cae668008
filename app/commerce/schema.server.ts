import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "~/accounts/schema.server";
import { licenseEnum } from "~/catalog/schema.server";
import { CURRENCIES } from "~/payments/currencies";
import { BUYER_TYPES, TAX_REASONS, VIES_STATUSES } from "~/payments/tax";
import { createdAt } from "~/platform/db/columns.server";
import { SUBSCRIPTION_PROVIDERS, SUBSCRIPTION_STATUSES } from "./billing/subscriptions";
import { BILLINGS, ORDER_STATUSES, PLAN_CATEGORIES, PROMO_TYPES } from "./pricing/plans";
import { VAT_CHECK_STATUSES, VAT_REGISTER_NAMES } from "./pricing/vat-confirmation";

/** Commerce's tables: plans and their tiers, promo codes, orders. */
export const planCategoryEnum = pgEnum("plan_category", PLAN_CATEGORIES);
export const billingEnum = pgEnum("billing", BILLINGS);
export const promoTypeEnum = pgEnum("promo_type", PROMO_TYPES);
export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export const buyerTypeEnum = pgEnum("buyer_type", BUYER_TYPES);
export const taxReasonEnum = pgEnum("tax_reason", TAX_REASONS);
export const viesStatusEnum = pgEnum("vies_status", VIES_STATUSES);
export const vatCheckStatusEnum = pgEnum("vat_check_status", VAT_CHECK_STATUSES);
export const vatRegisterEnum = pgEnum("vat_register", VAT_REGISTER_NAMES);

/**
 * The register's answer about one VAT number (vat-confirmation.ts), kept per number and reused
 * while fresh: a reverse charge is granted only for a number confirmed here. Written by the check
 * job (pricing/vat-check.server.ts); `requested_at` is when it was last asked.
 */
export const vatNumberChecks = pgTable("vat_number_checks", {
  /** Stored with its prefix, as orders store it (DE123456789, GB123456789). */
  vatNumber: text("vat_number").primaryKey(),
  register: vatRegisterEnum("register").notNull(),
  status: vatCheckStatusEnum("status").notNull().default("pending"),
  /** VIES's requestIdentifier or HMRC's consultationNumber: the proof the number was checked. */
  consultationNumber: text("consultation_number"),
  /** The name and address the register holds for the number, when it says. */
  registeredName: text("registered_name"),
  registeredAddress: text("registered_address"),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  /** When the register last answered (or was found down). */
  checkedAt: timestamp("checked_at", { withTimezone: true }),
});

export const pricingPlans = pgTable("pricing_plans", {
  category: planCategoryEnum("category").primaryKey(),
  title: text("title").notNull(),
  badge: text("badge"),
  licenseKind: licenseEnum("license_kind").notNull(),
  subtitle: text("subtitle").notNull(),
  perks: text("perks").array().notNull().default(sql`'{}'::text[]`),
  isActive: boolean("is_active").notNull().default(true),
  displayOrder: integer("display_order").notNull(),
});

export const pricingTiers = pgTable(
  "pricing_tiers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    planCategory: planCategoryEnum("plan_category")
      .notNull()
      .references(() => pricingPlans.category, { onDelete: "cascade" }),
    /** 0 means unlimited. */
    downloads: integer("downloads").notNull(),
    priceCents: integer("price_cents").notNull(),
    displayOrder: integer("display_order").notNull(),
  },
  (t) => [
    unique("pricing_tiers_plan_downloads").on(t.planCategory, t.downloads),
    check("pricing_tiers_downloads", sql`${t.downloads} >= 0`),
    check("pricing_tiers_price", sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A tier's price in a currency other than the euro (the euro price stays pricing_tiers.price_cents),
 * in that currency's minor units, set by staff. A tier without a row for a currency is not sold in it.
 */
export const pricingTierPrices = pgTable(
  "pricing_tier_prices",
  {
    tierId: integer("tier_id")
      .notNull()
      .references(() => pricingTiers.id, { onDelete: "cascade" }),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    priceMinor: integer("price_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tierId, t.currency] }),
    check("pricing_tier_prices_currency", sql`${t.currency} in ('USD', 'GBP', 'CHF', 'JPY')`),
    check("pricing_tier_prices_price", sql`${t.priceMinor} >= 0`),
  ],
);

export const promoCodes = pgTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    isActive: boolean("is_active").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    type: promoTypeEnum("type").notNull(),
    /** Percent (1–100) for percent codes, cents for fixed codes. */
    value: integer("value").notNull(),
    /** Null: no limit. Checked and counted in the transaction that places the order. */
    maxUses: integer("max_uses"),
    /** Uses per buyer (by email, so guests count too); null: no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    usesCount: integer("uses_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("promo_codes_max_uses", sql`${t.maxUses} is null or ${t.maxUses} > 0`),
    check("promo_codes_per_customer", sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`),
    check(
      "promo_codes_uses",
      sql`${t.usesCount} >= 0 and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses})`,
    ),
    check("promo_codes_uppercase", sql`${t.code} = upper(${t.code})`),
    check(
      "promo_codes_value",
      sql`(${t.type} = 'percent' and ${t.value} between 1 and 100) or (${t.type} = 'fixed' and ${t.value} > 0)`,
    ),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One checkout, one order: a resubmit with the same key returns the existing row. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    planCategory: planCategoryEnum("plan_category").notNull(),
    licenseKind: licenseEnum("license_kind").notNull(),
    billing: billingEnum("billing").notNull(),
    downloads: integer("downloads").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    promoCode: text("promo_code"),
    /** The discount granted, in cents. */
    promoValueCents: integer("promo_value_cents").notNull().default(0),
    /** Basis points; a half is possible (Québec's GST + QST is 1497.5), so numeric with one decimal. */
    vatRateBps: numeric("vat_rate_bps", { precision: 7, scale: 1, mode: "number" }).notNull(),
    vatAmountCents: integer("vat_amount_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The currency every `*Cents` amount of the order is in (minor units; currencies.ts). */
    currency: text("currency", { enum: CURRENCIES }).notNull().default("EUR"),
    /** Units of `currency` per euro on `eurRateDate`, from `eurRateSource`: the ledger's euros come from it. */
    eurRate: numeric("eur_rate", { precision: 14, scale: 6 }).notNull().default("1"),
    eurRateDate: date("eur_rate_date", { mode: "string" }),
    eurRateSource: text("eur_rate_source"),
    email: text("email").notNull(),
    /** The buyer's own name (an individual) or the person ordering for a business. */
    buyerName: text("buyer_name"),
    buyerType: buyerTypeEnum("buyer_type").notNull().default("individual"),
    /** The business's name, for a business buyer. */
    company: text("company"),
    addressLine: text("address_line"),
    postalCode: text("postal_code"),
    city: text("city"),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    /** Stored with its country prefix, e.g. DE123456789. */
    vatNumber: text("vat_number"),
    /** Why the order carries the VAT it does (tax.ts); printed on its invoice. */
    taxReason: taxReasonEnum("tax_reason").notNull().default("domestic"),
    /** The Canadian province or US state the buyer named (subdivisions.ts); Canada's tax depends on it. */
    taxSubdivision: text("tax_subdivision"),
    /**
     * The second piece of evidence of where the buyer is (the first is `country`): the issuing
     * country of the card Stripe charged, recorded when the payment arrives. Null for bank transfer.
     */
    evidenceCardCountry: text("evidence_card_country"),
    /** The EU VIES answer for the VAT number, checked by a job after the order is placed. */
    viesStatus: viesStatusEnum("vies_status"),
    viesCheckedAt: timestamp("vies_checked_at", { withTimezone: true }),
    /**
     * The state of the VAT number's check that priced the order (vat-confirmation.ts): confirmed
     * (reverse charge), pending or unavailable (VAT charged until confirmed); null when none mattered.
     */
    vatCheckStatus: vatCheckStatusEnum("vat_check_status"),
    /** The register's consultation number of the confirmation, printed on the invoice. */
    vatConsultationNumber: text("vat_consultation_number"),
    /** The buyer's language at checkout (a BCP 47 tag): documents format amounts for it. */
    locale: text("locale").notNull().default("en"),
    /** The interface language of the checkout (locales.ts): mails follow it when the buyer has no stored one. */
    language: text("language"),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Changed only by licensing's order services (markOrderPaid, cancelOrder, refundOrder). */
    status: orderStatusEnum("status").notNull().default("awaiting_payment"),
    /** When the payment arrived and its reference (a Stripe Checkout session, a bank transfer note). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentReference: text("payment_reference"),
    /** The Stripe Checkout session handed to the buyer, when card payment is on. */
    stripeSessionId: text("stripe_session_id").unique(),
    /** When the order left awaiting_payment or paid for the last time (cancelled, refunded). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    // Subscriptions (Pro monthly/annual): the subscription an order pays for a period of, the
    // Stripe invoice of a renewal (one order per invoice), and the period it pays for.
    subscriptionId: uuid("subscription_id"),
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** Refunded so far outside a full refund (a partial refund in the Stripe Dashboard), in cents. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The card payment's dispute, if any, and where it stands (open, won, lost). */
    disputeId: text("dispute_id"),
    disputeStatus: text("dispute_status"),
    createdAt: createdAt(),
  },
  (t) => [
    check("orders_country_code", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check("orders_tax_subdivision", sql`${t.taxSubdivision} ~ '^[A-Z]{2}$'`),
    check("orders_evidence_card_country", sql`${t.evidenceCardCountry} ~ '^[A-Z]{2}$'`),
    check("orders_currency", sql`${t.currency} in ('EUR', 'USD', 'GBP', 'CHF', 'JPY')`),
    check("orders_eur_rate", sql`${t.eurRate} > 0`),
    check("orders_language_known", sql`${t.language} in ('en', 'de', 'fr', 'es', 'pt-br', 'ja')`),
    index("orders_subscription_idx").on(t.subscriptionId),
    check("orders_refunded_cents", sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    check(
      "orders_amounts",
      sql`${t.subtotalCents} >= 0 and ${t.promoValueCents} between 0 and ${t.subtotalCents} and ${t.vatAmountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.promoValueCents} + ${t.vatAmountCents}`,
    ),
    index("orders_user_idx").on(t.userId),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    index("orders_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** One row per order that used a code: the per-customer limit counts these. */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    code: text("code")
      .notNull()
      .references(() => promoCodes.code, { onDelete: "cascade" }),
    /** The buyer's email, lower-cased. */
    customer: text("customer").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("promo_redemptions_code_customer_idx").on(t.code, t.customer)],
);

/** One row: the last invoice number given out. Updated in the payment's transaction, so no gaps. */
export const invoiceCounter = pgTable(
  "invoice_counter",
  {
    id: integer("id").primaryKey().default(1),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [check("invoice_counter_single_row", sql`${t.id} = 1`)],
);

export const invoices = pgTable("invoices", {
  number: integer("number").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: "restrict" }),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
});

/** One row: the last credit note number given out; a series of its own, gap-free like invoices'. */
export const creditNoteCounter = pgTable(
  "credit_note_counter",
  {
    id: integer("id").primaryKey().default(1),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [check("credit_note_counter_single_row", sql`${t.id} = 1`)],
);

/** A refund's document: it cancels the amount of the order's invoice. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    number: integer("number").primaryKey(),
    /** One per refund: a part refund, then the rest, make two (their amounts add up to the order's). */
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The invoice it corrects. */
    invoiceNumber: integer("invoice_number")
      .notNull()
      .references(() => invoices.number, { onDelete: "restrict" }),
    /** What this refund gave back, VAT included, and the VAT in it. */
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    /** Why, when the team gave part of an order back from the console; printed on the note. */
    reason: text("reason"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("credit_notes_amount", sql`${t.amountCents} >= 0 and ${t.vatCents} between 0 and ${t.amountCents}`),
    index("credit_notes_order_idx").on(t.orderId),
  ],
);

export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);

/**
 * A Pro subscription: started by its first paid order, renewed by one paid order per period
 * (Stripe's invoice.paid, or the team from the console for a manual one). Changed only in
 * subscription-lifecycle.server.ts.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order that started it. */
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    planCategory: planCategoryEnum("plan_category").notNull(),
    billing: billingEnum("billing").notNull(),
    /** What the next renewal costs, VAT included, in `currency`'s minor units. */
    amountCents: integer("amount_cents").notNull(),
    /** The currency of the current period; a change applies from the next period. */
    currency: text("currency", { enum: CURRENCIES }).notNull().default("EUR"),
    provider: text("provider", { enum: SUBSCRIPTION_PROVIDERS }).notNull(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    status: subscriptionStatusEnum("status").notNull().default("active"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    /** Set by a failed renewal: the plan stays usable until then, and ends then if still unpaid. */
    graceEndsAt: timestamp("grace_ends_at", { withTimezone: true }),
    /** The period end the renewal reminder was mailed for (one reminder per period). */
    remindedFor: timestamp("reminded_for", { withTimezone: true }),
    /** The time of the last Stripe event applied: an older one arriving late changes nothing. */
    stripeSyncedAt: timestamp("stripe_synced_at", { withTimezone: true }),
    /** When Stripe deleted it (customer.subscription.deleted): no period follows, a later payment goes back. */
    stripeDeletedAt: timestamp("stripe_deleted_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("subscriptions_provider", sql`${t.provider} in ('stripe', 'manual')`),
    check("subscriptions_amount", sql`${t.amountCents} >= 0`),
    check("subscriptions_currency", sql`${t.currency} in ('EUR', 'USD', 'GBP', 'CHF', 'JPY')`),
    index("subscriptions_user_idx").on(t.userId),
    index("subscriptions_status_period_idx").on(t.status, t.currentPeriodEnd),
  ],
);
