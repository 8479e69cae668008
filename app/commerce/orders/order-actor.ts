/**
 * Who changes an order or a subscription: a staff member in the console (audited under their id)
 * or the system (the Stripe webhook, the sweeps), audited under a `system:` id so the history
 * shows every change.
 */
export type OrderActor =
  | { kind: "staff"; userId: string }
  /** The buyer themself, on their own subscription (stopping or resuming its renewal). */
  | { kind: "buyer"; userId: string }
  | { kind: "system"; name: "stripe" | "subscriptions" | "expiry" };

export const actorId = (actor: OrderActor) =>
  actor.kind === "system" ? `system:${actor.name}` : actor.userId;
