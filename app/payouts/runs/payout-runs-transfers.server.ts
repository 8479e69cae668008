import Stripe from "stripe";
import { stripe } from "~/payments/stripe-client.server";
import { recordAudit } from "~/platform/audit.server";
import { cardPaymentEnabled } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { PAYOUT_TRANSITIONS } from "./payout-machine";
import { PAYOUT_RUN_TEXTS } from "./payout-runs";
import { findPayoutForTransfer, payoutRows } from "./payout-runs.queries.server";
import { type PayoutActor, payoutActorId, SYSTEM_PAYOUTS, sendPayout } from "./payout-runs-sent.server";

/**
 * Connect payouts: one Stripe transfer per payout, to the creator's connected account. The payout id
 * is the transfer group and, with the number of refusals so far, the idempotency key, so however
 * often a transfer is retried (the job's retries, staff's Retry button, both at once) Stripe makes
 * one transfer, and the payout moves to sent only from approved or failed, once.
 */

export type TransferOutcome =
  | { outcome: "sent"; transferId: string }
  | { outcome: "failed"; error: string }
  | { outcome: "already_sent" }
  | { outcome: "not_due" }
  | { outcome: "not_found" };

/** The longest error kept on a payout (Stripe's messages are a sentence or two). */
const ERROR_MAX = 500;

/** Transfers one approved (or failed) Connect payout and records what happened. */
export async function transferPayout(payoutId: string, actor: PayoutActor = SYSTEM_PAYOUTS) {
  const found = await findPayoutForTransfer(db(), payoutId);
  if (!found) return { outcome: "not_found" } as const;
  const { payout } = found;
  if (payout.status === "sent") return { outcome: "already_sent" } as const;
  if (payout.method !== "stripe" || found.runStatus === "proposed" || payout.status === "proposed")
    return { outcome: "not_due" } as const;

  let transferId: string;
  try {
    transferId = await makeTransfer({
      payoutId: payout.id,
      amountCents: payout.amountCents,
      destination: found.stripeAccountId,
      period: found.period,
      idempotencyKey: transferIdempotencyKey(payout.id, payout.transferRefusals),
    });
  } catch (error) {
    const message = describeFailure(error);
    logger.warn({ err: error, payoutId }, "payout transfer failed");
    const refused = error instanceof TransferDeclined;
    // Only a payout still waiting or failed records the failure (PAYOUT_TRANSITIONS' `fail`).
    await db().transaction((tx) =>
      moveState(tx, {
        rows: payoutRows,
        machine: PAYOUT_TRANSITIONS,
        move: "fail",
        id: payoutId,
        actorId: payoutActorId(actor),
        fields: (before) => ({
          attempts: before.attempts + 1,
          lastError: message,
          ...(refused && { transferRefusals: before.transferRefusals + 1 }),
        }),
        auditAfter: (failed) => ({ attempts: failed.attempts, error: message }),
      }),
    );
    return { outcome: "failed", error: message } as const;
  }

  const at = new Date();
  const sent = await db().transaction((tx) =>
    sendPayout(tx, {
      payoutId,
      period: found.period,
      actor,
      at,
      fields: (before) => ({ stripeTransferId: transferId, attempts: before.attempts + 1, lastError: null }),
    }),
  );
  return sent ? ({ outcome: "sent", transferId } as const) : ({ outcome: "already_sent" } as const);
}

/** Staff's Retry: only a failed Connect payout of this run, audited, then transferred at once. */
export async function retryPayout(input: { runId: string; payoutId: string; actor: PayoutActor }) {
  const found = await findPayoutForTransfer(db(), input.payoutId);
  if (!found || found.payout.runId !== input.runId) return { ok: false, reason: "not_found" } as const;
  if (found.payout.method !== "stripe" || found.payout.status !== "failed")
    return { ok: false, reason: "not_retryable" } as const;
  await recordAudit(db(), {
    actorId: payoutActorId(input.actor),
    action: "payout.retry",
    targetType: "payout",
    targetId: input.payoutId,
    after: { attempts: found.payout.attempts },
  });
  return { ok: true, value: await transferPayout(input.payoutId, input.actor) } as const;
}

/** Refused before asking Stripe (no key, no connected account). */
class TransferRefused extends Error {}

/** Stripe answered the transfer request itself with no: that request made no transfer. */
class TransferDeclined extends Error {
  constructor(readonly stripeError: Stripe.errors.StripeError) {
    super(stripeError.message);
  }
}

/**
 * The key of a payout's transfer request. Stripe keeps the first answer to a key for a day, a
 * refusal too (an empty balance, say), so a retry after the balance was topped up would only be
 * refused again: after each refusal the key moves on. After anything else it stays: a request
 * whose answer never came (a timeout, a lost connection, Stripe's own error) may still have made
 * the transfer, and under the same key Stripe answers the retry with that transfer.
 */
function transferIdempotencyKey(payoutId: string, refusals: number) {
  return refusals === 0 ? payoutId : `${payoutId}:${refusals}`;
}

/** A 4xx is Stripe's no; a 409 says a request under the same key is still running, so not that. */
function isDeclined(error: unknown): error is Stripe.errors.StripeError {
  if (!(error instanceof Stripe.errors.StripeError) || error.statusCode === undefined) return false;
  return error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 409;
}

async function makeTransfer(input: {
  payoutId: string;
  amountCents: number;
  destination: string | null;
  period: string;
  idempotencyKey: string;
}) {
  if (!cardPaymentEnabled()) throw new TransferRefused(PAYOUT_RUN_TEXTS.stripeUnconfigured);
  if (!input.destination) throw new TransferRefused("The creator has no connected Stripe account.");
  const client = stripe();
  // Stripe forgets idempotency keys after a day: a transfer an earlier attempt made is found by its group.
  const earlier = await client.transfers.list({ transfer_group: input.payoutId, limit: 1 });
  if (earlier.data[0]) return earlier.data[0].id;
  const transfer = await client.transfers
    .create(
      {
        amount: input.amountCents,
        currency: "eur",
        destination: input.destination,
        transfer_group: input.payoutId,
        description: `Verdeo royalties ${input.period}`,
        metadata: { payout_id: input.payoutId, period: input.period },
      },
      { idempotencyKey: input.idempotencyKey },
    )
    .catch((error: unknown) => {
      throw isDeclined(error) ? new TransferDeclined(error) : error;
    });
  return transfer.id;
}

function describeFailure(failure: unknown) {
  const error = failure instanceof TransferDeclined ? failure.stripeError : failure;
  const text =
    error instanceof TransferRefused
      ? error.message
      : error instanceof Stripe.errors.StripeError
        ? `Stripe: ${error.message}${error.code ? ` (${error.code})` : ""}`
        : `Stripe could not be reached: ${(error as Error)?.message ?? String(error)}`;
  return text.slice(0, ERROR_MAX);
}

/**
 * One job per approved Connect payout. A failed attempt is recorded on the payout (shown in the
 * console) and thrown, so the queue retries it with back-off; staff may also press Retry.
 */
export const transferPayoutJob = defineJob<{ payoutId: string }>({
  name: "payouts.transfer",
  retryLimit: 5,
  retryDelaySeconds: 300,
  retryBackoff: true,
  retryDelayMaxSeconds: 6 * 3_600,
  concurrency: 2,
  handler: async ({ payoutId }) => {
    const result = await transferPayout(payoutId);
    if (result.outcome === "failed") throw new Error(result.error);
  },
});
