import { recordAudit } from "~/platform/audit.server";
import type { Executor } from "~/platform/db/client.server";
import { completeRunIfAllSent, type Payout } from "./payout-runs.queries.server";
import { issueStatement } from "./statements.server";

/** Who moves a run or a payout: a staff member in the console, or the monthly job and the transfer job. */
export type PayoutActor = { kind: "staff"; userId: string } | { kind: "system"; name: "payouts" };

export const SYSTEM_PAYOUTS: PayoutActor = { kind: "system", name: "payouts" };

export const payoutActorId = (actor: PayoutActor) =>
  actor.kind === "staff" ? actor.userId : `system:${actor.name}`;

/**
 * What follows a payout becoming sent, inside the transaction that moved it (its lines are paid from
 * now on): the audit entry, the creator's statement, and the run's completion once every payout is sent.
 */
export async function afterPayoutSent(
  tx: Executor,
  payout: Payout,
  context: { period: string; actor: PayoutActor; at: Date; previous: string },
) {
  const actorId = payoutActorId(context.actor);
  await recordAudit(tx, {
    actorId,
    action: "payout.send",
    targetType: "payout",
    targetId: payout.id,
    before: { status: context.previous },
    after: { status: "sent", transfer: payout.stripeTransferId ?? undefined },
  });
  const statement = await issueStatement(tx, { payout, period: context.period, at: context.at });
  // The run's own period: a refusal here is a bug, and the payout must not go out without it.
  if (!statement.ok) throw new Error(`statement for payout ${payout.id} refused: ${statement.reason}`);
  const completed = await completeRunIfAllSent(tx, payout.runId, context.at);
  if (completed) {
    await recordAudit(tx, {
      actorId,
      action: "payout_run.complete",
      targetType: "payout_run",
      targetId: completed.id,
      before: { status: "approved" },
      after: { status: "completed" },
    });
  }
}
