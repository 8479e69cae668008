import type { Executor } from "~/platform/db/client.server";
import { stripeEvents } from "./schema.server";

/**
 * Records a Stripe event as processed, in the caller's transaction: false when it already was (a
 * replay, or a concurrent twin that committed first; a twin still in flight holds the row and this
 * waits for it), and the caller then changes nothing.
 */
export async function claimStripeEvent(executor: Executor, event: { id: string; type: string }) {
  const rows = await executor
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length === 1;
}
