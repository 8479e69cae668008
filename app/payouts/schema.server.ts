import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "~/accounts/schema.server";
import { clips } from "~/catalog/schema.server";
import { orders } from "~/commerce/schema.server";
import { createdAt } from "~/platform/db/columns.server";
import {
  CONNECT_STATUSES,
  PAYOUT_METHODS,
  PAYOUT_RUN_STATUSES,
  PAYOUT_STATUSES,
  ROYALTY_LINE_KINDS,
  SELLER_KINDS,
} from "./runs/payouts";

/**
 * Payouts' tables: how each creator is paid and who they are for the tax report, the royalty
 * ledger, and the monthly runs that pay it out. See docs/decisions/0020.
 */
export const payoutMethodEnum = pgEnum("payout_method", PAYOUT_METHODS);
export const connectStatusEnum = pgEnum("connect_status", CONNECT_STATUSES);
export const sellerKindEnum = pgEnum("seller_kind", SELLER_KINDS);
export const royaltyLineKindEnum = pgEnum("royalty_line_kind", ROYALTY_LINE_KINDS);
export const payoutRunStatusEnum = pgEnum("payout_run_status", PAYOUT_RUN_STATUSES);
export const payoutStatusEnum = pgEnum("payout_status", PAYOUT_STATUSES);

/** How a creator wants to be paid: a Stripe Connect account, or a bank account (IBAN encrypted). */
export const payoutAccounts = pgTable("payout_accounts", {
  creatorId: text("creator_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  method: payoutMethodEnum("method").notNull(),
  stripeAccountId: text("stripe_account_id").unique(),
  stripeStatus: connectStatusEnum("stripe_status"),
  /** When Stripe last told us the status (`account.updated` arrives out of order). */
  stripeStatusAt: timestamp("stripe_status_at", { withTimezone: true }),
  bankHolder: text("bank_holder"),
  /** The IBAN encrypted at rest (AES-256-GCM, key id first, so a rotated key still reads it). */
  bankIbanSealed: text("bank_iban_sealed"),
  /** Shown back to the creator and staff instead of the IBAN. */
  bankIbanLast4: text("bank_iban_last4"),
  bankBic: text("bank_bic"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The seller details an EU platform reports each year (DAC7); payouts wait until complete. */
export const sellerDetails = pgTable(
  "seller_details",
  {
    creatorId: text("creator_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    sellerKind: sellerKindEnum("seller_kind").notNull(),
    /** What prints the seller's name (statements, bank files): an individual's is "First Last". */
    legalName: text("legal_name").notNull(),
    /**
     * An individual's first and last name, as DAC7 asks them apart; null for a business, or an
     * individual who saved before they were asked (the report names them missing, never splits).
     */
    firstName: text("first_name"),
    lastName: text("last_name"),
    addressLine: text("address_line").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    /** ISO 3166-1 alpha-2, like orders. */
    country: text("country").notNull(),
    /** An individual's; a business gives its company number instead. */
    dateOfBirth: date("date_of_birth"),
    companyNumber: text("company_number"),
    taxId: text("tax_id").notNull(),
    taxCountry: text("tax_country").notNull(),
    /** The Member State that issued `taxId` (DAC7); null on details saved before it was asked. */
    taxIdCountry: text("tax_id_country"),
    vatNumber: text("vat_number"),
    /**
     * A business's permanent establishment in the EU (DAC7): `none` or the Member State's code;
     * null for an individual, or a business that saved before it was asked.
     */
    permanentEstablishment: text("permanent_establishment"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("seller_details_countries", sql`${t.country} ~ '^[A-Z]{2}$' and ${t.taxCountry} ~ '^[A-Z]{2}$'`),
    check("seller_details_tax_id_country", sql`${t.taxIdCountry} ~ '^[A-Z]{2}$'`),
    check(
      "seller_details_permanent_establishment",
      sql`${t.permanentEstablishment} is null or (${t.permanentEstablishment} ~ '^(none|[A-Z]{2})$' and ${t.sellerKind} = 'business')`,
    ),
    check(
      "seller_details_names",
      sql`(${t.firstName} is null and ${t.lastName} is null) or (${t.sellerKind} = 'individual' and ${t.firstName} is not null and ${t.lastName} is not null)`,
    ),
    check(
      "seller_details_identity",
      sql`(${t.sellerKind} = 'individual' and ${t.dateOfBirth} is not null) or (${t.sellerKind} = 'business' and ${t.companyNumber} is not null)`,
    ),
  ],
);

export const payoutRuns = pgTable("payout_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The month the run pays out, YYYY-MM: one run per month. */
  period: text("period").notNull().unique(),
  status: payoutRunStatusEnum("status").notNull().default("proposed"),
  /** The threshold and the balances are those of the moment the run was proposed. */
  thresholdCents: integer("threshold_cents").notNull(),
  approvedAt: timestamp("approved_at", { withTimezone: true }),
  approvedBy: text("approved_by").references(() => profiles.id, { onDelete: "set null" }),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => payoutRuns.id, { onDelete: "restrict" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "restrict" }),
    method: payoutMethodEnum("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: payoutStatusEnum("status").notNull().default("proposed"),
    /** Stripe transfer id, once made. */
    stripeTransferId: text("stripe_transfer_id").unique(),
    attempts: integer("attempts").notNull().default(0),
    /**
     * How often Stripe refused the transfer outright. Stripe answers a repeat under an idempotency
     * key with its first answer for a day, refusals included, so each refusal moves the key on.
     */
    transferRefusals: integer("transfer_refusals").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("payouts_run_creator").on(t.runId, t.creatorId),
    check("payouts_amount", sql`${t.amountCents} > 0`),
    index("payouts_creator_idx").on(t.creatorId, t.createdAt),
  ],
);

/** Creators left out of a run, with the reason shown to staff (details missing, under threshold). */
export const payoutRunExclusions = pgTable(
  "payout_run_exclusions",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => payoutRuns.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    availableCents: integer("available_cents").notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.creatorId] })],
);

/**
 * The royalty ledger, in euro cents. A line is pending until `available_at` (the refund window),
 * then available, then paid once a sent payout holds it. Lines are only ever added: a refund adds a
 * reversal naming the line it cancels. The license id is licensing's, kept as text because
 * licensing sits above payouts (docs/architecture.md).
 */
export const royaltyLines = pgTable(
  "royalty_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: royaltyLineKindEnum("kind").notNull(),
    licenseId: text("license_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    clipId: integer("clip_id").references(() => clips.id, { onDelete: "set null" }),
    /** Snapshots for statements: the clip's title and the plan as licensed. */
    clipTitle: text("clip_title").notNull(),
    planName: text("plan_name").notNull(),
    /** The per-download value and the royalty rate used, so the amount can be explained later. */
    baseCents: integer("base_cents").notNull(),
    rateBps: integer("rate_bps").notNull(),
    /** Signed: a reversal is negative. */
    amountCents: integer("amount_cents").notNull(),
    /** The line a reversal cancels or a restoration gives back. */
    reversesId: uuid("reverses_id"),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull(),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "royalty_lines_sign",
      sql`(${t.kind} = 'reversal' and ${t.amountCents} <= 0) or (${t.kind} <> 'reversal' and ${t.amountCents} >= 0)`,
    ),
    check("royalty_lines_reverses", sql`(${t.kind} = 'royalty') = (${t.reversesId} is null)`),
    // One royalty per license, however often a download is retried.
    uniqueIndex("royalty_lines_license_once").on(t.licenseId).where(sql`${t.kind} = 'royalty'`),
    index("royalty_lines_creator_idx").on(t.creatorId, t.createdAt),
    index("royalty_lines_order_idx").on(t.orderId),
    index("royalty_lines_unpaid_idx").on(t.creatorId, t.availableAt).where(sql`${t.payoutId} is null`),
  ],
);

/** A creator's monthly statement: the figures are kept; the lines are read from the ledger. */
export const payoutStatements = pgTable(
  "payout_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** YYYY-MM */
    period: text("period").notNull(),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    openingCents: integer("opening_cents").notNull(),
    earnedCents: integer("earned_cents").notNull(),
    reversedCents: integer("reversed_cents").notNull(),
    paidCents: integer("paid_cents").notNull(),
    closingCents: integer("closing_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("payout_statements_creator_period").on(t.creatorId, t.period)],
);
