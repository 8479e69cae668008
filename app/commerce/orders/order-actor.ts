/**
 * Who changes an order or a subscription: a staff member in the console (audited under their id)
 * or the system (the Stripe webhook, the sweeps), audited under a `system:` id so the history
 * shows every change.
 */
export type OrderActor =
  | { kind: "staff"; userId: string }
  | { kind: "system"; name: "stripe" | "subscriptions" | "expiry" };

export const actorId = (actor: OrderActor) =>
  actor.kind === "staff" ? actor.userId : `system:${actor.name}`;
