import type { Executor } from "~/platform/db/client.server";
import type { Order } from "./order.queries.server";

/**
 * What an order's change means to the domains above commerce, done in the change's own
 * transaction: a paid order grants its downloads, a closed one takes the unused ones back, a
 * claimed guest order's plan follows it to the account, a refund or dispute takes the creators'
 * royalties back. Commerce cannot import those domains, so
 * they register here (app/jobs.server.ts wires licensing's), and each transition calls them. What
 * an effect returns goes into the transition's audit entry. See docs/decisions/0013.
 */
export interface OrderEffects {
  paid(tx: Executor, order: Order): Promise<Record<string, unknown>>;
  closed(tx: Executor, order: Order, at: Date): Promise<Record<string, unknown>>;
  claimed(tx: Executor, orderIds: string[], userId: string): Promise<void>;
  /** A subscription's period moved: the order's downloads stay usable until `until` (grace, or its end). */
  extended(tx: Executor, order: Order, until: Date): Promise<Record<string, unknown>>;
  /**
   * A dispute opened (`at`) or was won (null): the order's unused downloads wait, or come back.
   * `eventAt` is when Stripe reported it (the royalties reversed or restored are dated then).
   */
  suspended(tx: Executor, order: Order, at: Date | null, eventAt: Date): Promise<Record<string, unknown>>;
  /** Part of a paid order was refunded: `order.refundedCents` is the running total given back. */
  partRefunded(tx: Executor, order: Order, at: Date): Promise<Record<string, unknown>>;
}

let registered: OrderEffects | null = null;

export function registerOrderEffects(effects: OrderEffects) {
  registered = effects;
}

/** The registered effects; an order never changes without them (a paid order must grant). */
export function orderEffects(): OrderEffects {
  if (!registered)
    throw new Error("No order effects registered: import ~/jobs.server before changing orders");
  return registered;
}
