import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "~/accounts/schema.server";
import { clips, licenseEnum } from "~/catalog/schema.server";
import { orders } from "~/commerce/schema.server";
import { createdAt } from "~/platform/db/columns.server";

/**
 * Licensing's tables: what a paid order grants (entitlements), what a download made of it
 * (licenses). What a license earns its creator is payouts' royalty ledger.
 */
export const entitlements = pgTable(
  "entitlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One paid order grants one entitlement; a replayed payment finds it there. */
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The buyer's account; null while the order belongs to a guest who has not signed up yet. */
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    licenseKind: licenseEnum("license_kind").notNull(),
    /** 0 means unlimited. */
    downloadsTotal: integer("downloads_total").notNull(),
    downloadsUsed: integer("downloads_used").notNull().default(0),
    /** The period's price before any promo, in cents: a royalty's base is this over the downloads. */
    priceCents: integer("price_cents").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set by a refund or cancellation: the unused downloads are gone, licenses already made stay. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Set while the order's card payment is disputed: the unused downloads wait for the outcome. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "entitlements_downloads",
      sql`${t.downloadsTotal} >= 0 and ${t.downloadsUsed} >= 0 and (${t.downloadsTotal} = 0 or ${t.downloadsUsed} <= ${t.downloadsTotal})`,
    ),
    check("entitlements_period", sql`${t.expiresAt} > ${t.startsAt}`),
    index("entitlements_user_expires_idx").on(t.userId, t.expiresAt),
  ],
);

export const licenses = pgTable(
  "licenses",
  {
    /** Public: printed on the certificate and in the verification URL. Random, so not guessable. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Null once the clip is deleted: the license (and its certificate's snapshot) stays verifiable. */
    clipId: integer("clip_id").references(() => clips.id, { onDelete: "set null" }),
    entitlementId: uuid("entitlement_id")
      .notNull()
      .references(() => entitlements.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    licenseKind: licenseEnum("license_kind").notNull(),
    /** Snapshot at licensing time: the certificate names who held the license then. */
    licenseeName: text("licensee_name").notNull(),
    licenseeEmail: text("licensee_email").notNull(),
    clipTitle: text("clip_title").notNull(),
    creatorName: text("creator_name").notNull(),
    createdAt: createdAt(),
    /** Set when its order's money went back in full (docs/decisions/0024): the license ends. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    // A clip licensed once is the buyer's: a second download reuses this row (no second credit).
    // A revoked license no longer counts: licensing the clip again makes a new one.
    uniqueIndex("licenses_user_clip_live").on(t.userId, t.clipId).where(sql`${t.revokedAt} is null`),
    index("licenses_order_idx").on(t.orderId),
    index("licenses_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);
