import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES, THEMES } from "~/accounts/roles";
import { COLOR_TONES, LICENSES, MOODS, ORIENTATIONS } from "~/catalog/attributes";
import { BILLINGS, PLAN_CATEGORIES, PROMO_TYPES } from "~/commerce/plans";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("role", ROLES);
export const themeEnum = pgEnum("theme", THEMES);
export const licenseEnum = pgEnum("license", LICENSES);
export const orientationEnum = pgEnum("orientation", ORIENTATIONS);
export const colorToneEnum = pgEnum("color_tone", COLOR_TONES);
export const moodEnum = pgEnum("mood", MOODS);
export const planCategoryEnum = pgEnum("plan_category", PLAN_CATEGORIES);
export const billingEnum = pgEnum("billing", BILLINGS);
export const promoTypeEnum = pgEnum("promo_type", PROMO_TYPES);

// ---------------------------------------------------------------- better-auth
// Written by hand (the better-auth CLI needs Node 22); field names are the library's.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------- accounts
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email"),
    fullName: text("full_name").notNull().default(""),
    username: text("username").unique(),
    avatarUrl: text("avatar_url"),
    role: roleEnum("role").notNull().default("user"),
    themePreference: themeEnum("theme_preference"),
    createdAt: createdAt(),
  },
  (t) => [
    check("profiles_username_lowercase", sql`${t.username} = lower(${t.username})`),
    check("profiles_username_shape", sql`${t.username} ~ '^[a-z0-9_.]{5,29}$'`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_subject_length", sql`char_length(${t.subject}) between 1 and 200`),
    check("contact_message_length", sql`char_length(${t.message}) between 1 and 5000`),
  ],
);

// ---------------------------------------------------------------- catalogue
export const niches = pgTable("niches", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  icon: text("icon").notNull(),
  thumbnailUrl: text("thumbnail_url").notNull(),
  displayOrder: integer("display_order").notNull(),
});

export const subNiches = pgTable(
  "sub_niches",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    nicheId: text("niche_id")
      .notNull()
      .references(() => niches.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    displayOrder: integer("display_order").notNull(),
  },
  (t) => [unique("sub_niches_niche_name").on(t.nicheId, t.name)],
);

export const posts = pgTable(
  "posts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    thumbnailUrl: text("thumbnail_url").notNull(),
    videoUrl: text("video_url").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    nicheId: text("niche_id")
      .notNull()
      .references(() => niches.id),
    subNicheId: integer("sub_niche_id").references(() => subNiches.id),
    license: licenseEnum("license").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    orientation: orientationEnum("orientation").notNull(),
    colorTone: colorToneEnum("color_tone").notNull(),
    mood: moodEnum("mood").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Title, tags, description, niche, sub-niche and creator name; kept current by the catalogue service. */
    searchVector: tsvector("search_vector"),
    /** The same words as plain text, for pg_trgm typo tolerance. */
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("posts_duration_positive", sql`${t.durationSeconds} > 0`),
    check("posts_size_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    index("posts_user_created_idx").on(t.userId, t.createdAt),
    // "Newest first" over the whole catalogue walks this instead of sorting it.
    index("posts_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("posts_niche_idx").on(t.nicheId, t.subNicheId),
    index("posts_search_vector_idx").using("gin", t.searchVector),
    index("posts_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The distinct words of the catalogue's search text. A misspelt query word is corrected against
 * this small table with pg_trgm, then searched with full text: far cheaper than a trigram scan of
 * every clip's text.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
    /** How many clips use the word; a tie-break between equally close corrections. */
    documents: integer("documents").notNull(),
  },
  (t) => [index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`)],
);

export const savedVideos = pgTable(
  "saved_videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("saved_videos_user_post").on(t.userId, t.postId),
    index("saved_videos_user_created_idx").on(t.userId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- commerce
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

export const promoCodes = pgTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    isActive: boolean("is_active").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    type: promoTypeEnum("type").notNull(),
    /** Percent (1–100) for percent codes, cents for fixed codes. */
    value: integer("value").notNull(),
  },
  (t) => [
    check("promo_codes_uppercase", sql`${t.code} = upper(${t.code})`),
    check(
      "promo_codes_value",
      sql`(${t.type} = 'percent' and ${t.value} between 1 and 100) or (${t.type} = 'fixed' and ${t.value} > 0)`,
    ),
  ],
);

export const ordersPending = pgTable(
  "orders_pending",
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
    vatRateBps: integer("vat_rate_bps").notNull(),
    vatAmountCents: integer("vat_amount_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    country: text("country").notNull(),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "orders_amounts",
      sql`${t.subtotalCents} >= 0 and ${t.promoValueCents} between 0 and ${t.subtotalCents} and ${t.vatAmountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.promoValueCents} + ${t.vatAmountCents}`,
    ),
    index("orders_user_idx").on(t.userId),
  ],
);

// ---------------------------------------------------------------- platform
/** Fixed-window counters shared by every process (sign-in, sign-up, promo lookups, …). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
