import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "~/accounts/schema.server";
import { createdAt } from "~/platform/db/columns.server";

/**
 * Keys of the public API. Only a SHA-256 of the secret is stored (a key is 190 random bits, so a
 * fast hash is enough: there is nothing to guess from it); the prefix identifies a key in lists
 * and logs.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A key acts as its owner; it goes with them. */
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters, shown in lists ("vrd_k3Xa9q2M"). */
    prefix: text("prefix").notNull().unique(),
    secretHash: text("secret_hash").notNull().unique(),
    /** Of API_SCOPES: read, collections, license. */
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId, t.createdAt)],
);

/** HTTPS endpoints of key owners that receive signed events. */
export const apiWebhooks = pgTable(
  "api_webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** The signing secret (`whsec_…`): the receiver checks each event's signature with it. */
    secret: text("secret").notNull(),
    /** Of WEBHOOK_EVENTS. */
    events: text("events").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("api_webhooks_user_idx").on(t.userId)],
);

/** One event for one endpoint, and how its delivery went (the log the profile shows). */
export const apiWebhookDeliveries = pgTable(
  "api_webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => apiWebhooks.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** The JSON sent, exactly as signed. */
    payload: text("payload").notNull(),
    /** pending → delivered, or failed after the last retry. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("api_webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt)],
);
