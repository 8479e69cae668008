import type { Executor } from "~/platform/db/client.server";
import type { Order } from "./order.queries.server";

/**
 * What an order's change means to the domains above commerce, done in the change's own
 * transaction: a paid order grants its downloads, a closed one takes the unused ones back, a
 * claimed guest order's plan follows it to the account (licensing); a refund, a cancel after
 * payment or a dispute takes the creators' royalties back, a won dispute gives them back
 * (payouts). Commerce cannot import those domains, so each registers its own part here
 * (app/jobs.server.ts wires them), and each change calls every part, in the order registered.
 * What the parts return goes, merged, into the change's audit entry. See docs/decisions/0013, 0022.
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

/** One domain's part: the changes it cares about. */
export type OrderEffectsPart = Partial<OrderEffects>;

/** By domain, in the order registered; registering a domain again replaces its part. */
const registered = new Map<string, OrderEffectsPart>();

export function registerOrderEffects(domain: string, part: OrderEffectsPart) {
  registered.set(domain, part);
}

/** Calls each registered part that handles `change`, in order, merging what they return. */
async function runAll<K extends Exclude<keyof OrderEffects, "claimed">>(
  change: K,
  args: Parameters<OrderEffects[K]>,
): Promise<Record<string, unknown>> {
  let merged: Record<string, unknown> = {};
  for (const part of registered.values()) {
    const effect = part[change] as
      | ((...a: Parameters<OrderEffects[K]>) => Promise<Record<string, unknown>>)
      | undefined;
    if (effect) merged = { ...merged, ...(await effect(...args)) };
  }
  return merged;
}

const all: OrderEffects = {
  paid: (...args) => runAll("paid", args),
  closed: (...args) => runAll("closed", args),
  extended: (...args) => runAll("extended", args),
  suspended: (...args) => runAll("suspended", args),
  partRefunded: (...args) => runAll("partRefunded", args),
  async claimed(tx, orderIds, userId) {
    for (const part of registered.values()) await part.claimed?.(tx, orderIds, userId);
  },
};

/** Every registered part as one; an order never changes without them (a paid order must grant). */
export function orderEffects(): OrderEffects {
  if (registered.size === 0)
    throw new Error("No order effects registered: import ~/jobs.server before changing orders");
  return all;
}
