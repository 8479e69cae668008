import type Stripe from "stripe";
import { db, type Transaction } from "~/platform/db/client.server";
import { claimStripeEvent } from "./subscription.queries.server";

/**
 * Stripe events that belong to a domain above commerce (payouts' `account.updated`): commerce owns
 * the webhook but cannot import those domains, so they register a handler here (app/jobs.server.ts
 * wires them), as order effects do. Each event runs in one transaction that first records its id:
 * a replay, or a concurrent twin, finds it recorded and changes nothing.
 */
export type StripeEventOutcome = "applied" | "already_processed" | "ignored";
export type StripeEventHandler = (tx: Transaction, event: Stripe.Event) => Promise<StripeEventOutcome>;

const handlers = new Map<string, StripeEventHandler>();

export function registerStripeEventHandler(type: string, handler: StripeEventHandler) {
  handlers.set(type, handler);
}

export const hasStripeEventHandler = (type: string) => handlers.has(type);

/**
 * Runs the registered handler once per event id. A handler that throws (an event about something
 * not recorded yet) rolls the record back with its change, so Stripe's retry is handled again.
 */
export async function runStripeEventHandler(event: Stripe.Event): Promise<StripeEventOutcome> {
  const handler = handlers.get(event.type);
  if (!handler) return "ignored";
  return db().transaction(async (tx) => {
    if (!(await claimStripeEvent(tx, { id: event.id, type: event.type }))) return "already_processed";
    return handler(tx, event);
  });
}

/** Thrown by a handler when the event is about something not recorded yet: Stripe delivers it again. */
export { StripeEventTooEarly } from "./subscription-lifecycle.server";
