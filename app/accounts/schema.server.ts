import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "~/platform/db/columns.server";
import { APPLICATION_STATUSES } from "./applications/creator-application";
import { CONTACT_STATUSES } from "./contact/contact-schema";
import { ROLES, THEMES } from "./people/roles";

/** The accounts domain's tables: better-auth's own, profiles and contact messages. */
export const roleEnum = pgEnum("role", ROLES);
export const themeEnum = pgEnum("theme", THEMES);
export const contactStatusEnum = pgEnum("contact_status", CONTACT_STATUSES);
export const applicationStatusEnum = pgEnum("creator_application_status", APPLICATION_STATUSES);

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

// ---------------------------------------------------------------- profiles
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
    /** The interface language they chose (app/platform/i18n/locales.ts): pages, mails and PDFs use it. */
    language: text("language"),
    /** Set by staff: a suspended account cannot sign in and has no sessions. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("profiles_username_lowercase", sql`${t.username} = lower(${t.username})`),
    check("profiles_username_shape", sql`${t.username} ~ '^[a-z0-9_.]{5,29}$'`),
    check("profiles_language_known", sql`${t.language} in ('en', 'de', 'fr', 'es', 'pt-br', 'ja')`),
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
    /** open until the team replies (answered) or closes it. */
    status: contactStatusEnum("status").notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_status_created_idx").on(t.status, t.createdAt),
    check("contact_subject_length", sql`char_length(${t.subject}) between 1 and 200`),
    check("contact_message_length", sql`char_length(${t.message}) between 1 and 5000`),
  ],
);

/** The team's replies to contact messages, kept as sent (the mail goes through the job queue). */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    /** The staff member who wrote it; text without a foreign key so the history outlives the account. */
    authorId: text("author_id").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

/** "Become a creator" requests from /creators-hub, decided by staff. */
export const creatorApplications = pgTable(
  "creator_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    portfolioUrl: text("portfolio_url").notNull(),
    message: text("message").notNull(),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
    status: applicationStatusEnum("status").notNull().default("pending"),
    /** The message sent with a decision (required when declining). */
    decisionMessage: text("decision_message"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open application per person: a double submit or a second tab cannot queue two.
    uniqueIndex("creator_applications_one_pending").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("creator_applications_status_created_idx").on(t.status, t.createdAt),
  ],
);
