import { sql } from "drizzle-orm";
import { check, date, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/platform/db/columns.server";

/**
 * Stripe events already processed, claimed by the webhook intake (stripe-gateway.server.ts) before
 * its handler runs, in the handler's transaction: a replay or a concurrent twin finds the id here
 * and changes nothing. `order_id` is filled on rows written before the intake (decision 0021).
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: uuid("order_id"),
  createdAt: createdAt(),
});

/**
 * The ECB's euro reference rates, one row per day and currency (units of the currency per euro,
 * exact as numeric): orders store the newest day's rate (decision 0026), staff's suggested prices
 * read it, and fetch-rates.server.ts writes it from the daily XML.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    rateDate: date("rate_date", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    eurRate: numeric("eur_rate", { precision: 14, scale: 6 }).notNull(),
    source: text("source").notNull().default("ECB"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.rateDate, t.currency] }),
    check("exchange_rates_rate", sql`${t.eurRate} > 0`),
  ],
);
