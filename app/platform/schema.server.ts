import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** The platform's own tables. */
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
