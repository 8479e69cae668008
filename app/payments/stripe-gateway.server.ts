import type Stripe from "stripe";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { fail, ok } from "~/platform/result";
import { stripe } from "./stripe-client.server";
import { claimStripeEvent } from "./stripe-events.queries.server";

/*
 * The one way a Stripe event enters Verdeo (docs/decisions/0021-stripe-gateway.md). Stripe signs
 * two kinds of delivery with two secrets: events of Verdeo's own account (payments, invoices,
 * subscriptions, refunds, disputes) at /webhooks/stripe, and events of creators' Connect accounts
 * at /webhooks/stripe/connect. Each delivery is verified with its endpoint's secret, then its event
 * id is claimed and its handler run in ONE transaction: a replay, or a concurrent twin, finds the
 * id claimed and changes nothing; a handler that throws undoes the claim with its change, so
 * Stripe's retry is handled again. The domains above register their handlers in one table
 * (app/jobs.server.ts wires them), so payments imports none of them.
 */

export const STRIPE_ENDPOINTS = ["account", "connect"] as const;
export type StripeEndpoint = (typeof STRIPE_ENDPOINTS)[number];

/** What a handled event did; "paid" is an order paid by Checkout (counted apart in the metrics). */
export type StripeEventOutcome = "paid" | "refunded" | "applied" | "already_processed" | "ignored";

/**
 * Runs in the intake's transaction, after the event id was claimed. Answers "ignored" when the
 * event is not about anything of ours (nothing is recorded then) and changes nothing in that case.
 */
export type StripeEventHandler = (tx: Transaction, event: Stripe.Event) => Promise<StripeEventOutcome>;

/** Thrown by a handler when the event is about something not recorded yet: Stripe delivers it again. */
export class StripeEventTooEarly extends Error {}

/**
 * Thrown by a handler whose work depends on Stripe answering now (a refund of money that cannot
 * apply): nothing of it stays, and the answer asks Stripe to deliver it again later.
 */
export class StripeEventRetryLater extends Error {}

/**
 * Thrown by a handler that will not apply an event (an amount that is not the order's): nothing
 * of it stays. `acknowledge` answers Stripe 200 so that it stops retrying what can never apply.
 */
export class StripeEventRefused extends Error {
  constructor(
    readonly reason: string,
    readonly acknowledge = false,
  ) {
    super(reason);
  }
}

const handlers = new Map<string, { endpoint: StripeEndpoint; handle: StripeEventHandler }>();

/** Adds a domain's handlers for the events one endpoint receives (a later registration replaces). */
export function registerStripeEventHandlers(
  endpoint: StripeEndpoint,
  table: Readonly<Record<string, StripeEventHandler>>,
) {
  for (const [type, handle] of Object.entries(table)) handlers.set(type, { endpoint, handle });
}

/** The event types an endpoint acts on, sorted: what the operator subscribes it to (docs/deploy.md). */
export function stripeEventTypes(endpoint: StripeEndpoint): string[] {
  return [...handlers]
    .filter(([, entry]) => entry.endpoint === endpoint)
    .map(([type]) => type)
    .sort();
}

/** The signing secret of an endpoint; unset, the endpoint refuses every delivery. */
function secretOf(endpoint: StripeEndpoint) {
  const settings = config();
  return endpoint === "account" ? settings.STRIPE_WEBHOOK_SECRET : settings.STRIPE_CONNECT_WEBHOOK_SECRET;
}

export type StripeDeliveryRefusal =
  /** No Stripe keys here (manual payment only). */
  | "disabled"
  /** The Connect endpoint without STRIPE_CONNECT_WEBHOOK_SECRET. */
  | "connect_disabled"
  | "bad_signature"
  /** A verified event of the other endpoint's kind (a misconfigured subscription in Stripe). */
  | "wrong_endpoint"
  | "too_early"
  /** A handler could not finish now (Stripe itself did not answer a refund): delivered again later. */
  | "retry_later";

export type StripeDeliveryResult =
  | { ok: true; value: { outcome: StripeEventOutcome } }
  | { ok: false; reason: StripeDeliveryRefusal }
  | { ok: false; reason: string; acknowledge: boolean };

/** Undoes the claim of an event no handler acted on: only events that changed something are kept. */
class NothingApplied extends Error {}

/** One delivery: verified over the raw body with its endpoint's secret, then claimed and dispatched. */
export async function receiveStripeEvent(
  endpoint: StripeEndpoint,
  rawBody: string,
  signature: string | null,
): Promise<StripeDeliveryResult> {
  if (!cardPaymentEnabled()) return fail("disabled");
  const secret = secretOf(endpoint);
  if (!secret) return fail(endpoint === "connect" ? "connect_disabled" : "disabled");
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch {
    return fail("bad_signature");
  }
  const entry = handlers.get(event.type);
  if (!entry) return ok({ outcome: "ignored" as const });
  if (entry.endpoint !== endpoint) {
    logger.warn({ eventId: event.id, type: event.type, endpoint }, "Stripe event sent to the wrong endpoint");
    return fail("wrong_endpoint");
  }
  try {
    const outcome = await db().transaction(async (tx) => {
      if (!(await claimStripeEvent(tx, event))) return "already_processed" as const;
      const outcome = await entry.handle(tx, event);
      if (outcome === "ignored") throw new NothingApplied();
      return outcome;
    });
    return ok({ outcome });
  } catch (error) {
    if (error instanceof NothingApplied) return ok({ outcome: "ignored" as const });
    if (error instanceof StripeEventTooEarly) {
      // Delivered before what it is about (events out of order): Stripe retries later, by then it is known.
      logger.warn({ eventId: event.id, type: event.type }, error.message);
      return fail("too_early");
    }
    if (error instanceof StripeEventRetryLater) {
      logger.error({ eventId: event.id, type: event.type, err: error }, "Stripe event not applied yet");
      return fail("retry_later");
    }
    if (error instanceof StripeEventRefused)
      return { ok: false, reason: error.reason, acknowledge: error.acknowledge };
    throw error;
  }
}
