import type { Executor } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import { issueStatement } from "../statements/statements.server";
import { PAYOUT_RUN_TRANSITIONS, PAYOUT_TRANSITIONS } from "./payout-machine";
import { countUnsentPayouts, type Payout, payoutRows, payoutRunRows } from "./payout-runs.queries.server";

/** Who moves a run or a payout: a staff member in the console, or the monthly job and the transfer job. */
export type PayoutActor = { kind: "staff"; userId: string } | { kind: "system"; name: "payouts" };

export const SYSTEM_PAYOUTS: PayoutActor = { kind: "system", name: "payouts" };

export const payoutActorId = (actor: PayoutActor) =>
  actor.kind === "staff" ? actor.userId : `system:${actor.name}`;

/**
 * A payout becomes sent (the Connect transfer went through, or staff sent the bank file), through
 * PAYOUT_TRANSITIONS' `send`, with its audit entry; its lines are paid from now on, so the
 * creator's statement is issued in the same transaction, and the run completes once every payout
 * is sent. Null when the payout was not waiting or failed (someone else sent it first).
 */
export async function sendPayout(
  tx: Executor,
  input: {
    payoutId: string;
    period: string;
    actor: PayoutActor;
    at: Date;
    /** Written with the status besides `sentAt` (a Connect transfer's id and attempt). */
    fields?: (before: Payout) => Partial<Payout>;
  },
): Promise<Payout | null> {
  const moved = await moveState(tx, {
    rows: payoutRows,
    machine: PAYOUT_TRANSITIONS,
    move: "send",
    id: input.payoutId,
    actorId: payoutActorId(input.actor),
    fields: (before) => ({ sentAt: input.at, ...input.fields?.(before) }),
    auditAfter: (payout) => ({ transfer: payout.stripeTransferId ?? undefined }),
    effects: async (payout) => {
      const statement = await issueStatement(tx, { payout, period: input.period, at: input.at });
      // The run's own period: a refusal here is a bug, and the payout must not go out without it.
      if (!statement.ok) throw new Error(`statement for payout ${payout.id} refused: ${statement.reason}`);
      return {};
    },
  });
  if (!moved.ok || !moved.changed) return null;
  await completeRunIfAllSent(tx, moved.row.runId, input.actor, input.at);
  return moved.row;
}

/** An approved run completes once none of its payouts is left unsent (or it had none). */
export async function completeRunIfAllSent(tx: Executor, runId: string, actor: PayoutActor, at: Date) {
  const moved = await moveState(tx, {
    rows: payoutRunRows,
    machine: PAYOUT_RUN_TRANSITIONS,
    move: "complete",
    id: runId,
    actorId: payoutActorId(actor),
    idempotent: true,
    proceed: async () => (await countUnsentPayouts(tx, runId)) === 0,
    fields: { completedAt: at },
  });
  return moved.ok && moved.changed ? moved.row : null;
}
