import { pgTable, text, uuid } from "drizzle-orm/pg-core";
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
