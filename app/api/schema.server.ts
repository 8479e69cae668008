import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
