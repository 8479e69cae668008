import { namePeople } from "~/accounts/people/people.server";
import { formatMoney } from "~/payments/money";
import { recordAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db, type Executor } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { findPayoutDetailsOf } from "../details/payout-details.queries.server";
import { payoutReadinessOf } from "../details/readiness.server";
import { PAYOUT_RUN_TRANSITIONS, PAYOUT_TRANSITIONS } from "./payout-machine";
import { type ExclusionReason, encodeExclusion, previousPeriod } from "./payout-runs";
import {
  attachLines,
  findRunByPeriod,
  findRunSummary,
  insertExclusions,
  insertPayout,
  insertRunOnce,
  listRunExclusions,
  listRunPayoutIds,
  listRunPayouts,
  listRuns,
  listStripePayoutIds,
  lockAvailableLines,
  lockRun,
  type PayoutRun,
  type PayoutRunFilter,
  payoutRows,
  payoutRunRows,
} from "./payout-runs.queries.server";
import {
  completeRunIfAllSent,
  type PayoutActor,
  payoutActorId,
  SYSTEM_PAYOUTS,
  sendPayout,
} from "./payout-runs-sent.server";
import { transferPayoutJob } from "./payout-runs-transfers.server";
import type { PayoutMethod } from "./payouts";

/*
 * The one place a payout run and its payouts change (docs/decisions/0020): proposed → approved →
 * completed. Proposing takes every available line into a payout in the same transaction, so a line
 * is in one payout at most; approving is one locked, checked move (payout-machine.ts, moveState,
 * docs/decisions/0022) however many staff press it; a payout becomes sent (its lines paid) once, by its transfer (payout-runs-transfers.server.ts) or
 * by staff marking the bank file sent.
 */

export type { PayoutActor } from "./payout-runs-sent.server";

export type ProposeResult =
  | { ok: true; value: { run: PayoutRun; created: boolean } }
  | { ok: false; reason: "period_not_ended" };

/**
 * Proposes the run of `period` (one per month: a second call returns the first run). Every creator
 * with available lines is either paid in it (complete details, balance at or above the threshold) or
 * listed as excluded with the reason.
 */
export async function proposeRun(
  period: string,
  now: Date,
  actor: PayoutActor = SYSTEM_PAYOUTS,
  settings = config(),
): Promise<ProposeResult> {
  if (period >= now.toISOString().slice(0, 7)) return { ok: false, reason: "period_not_ended" };
  const existing = await findRunByPeriod(db(), period);
  if (existing) return { ok: true, value: { run: existing, created: false } };

  const result = await db().transaction(async (tx) => {
    const run = await insertRunOnce(tx, { period, thresholdCents: settings.PAYOUT_THRESHOLD_CENTS, at: now });
    if (!run) return null;
    const lines = await lockAvailableLines(tx, now);
    const byCreator = new Map<string, { ids: string[]; cents: number }>();
    for (const line of lines) {
      const entry = byCreator.get(line.creatorId) ?? { ids: [], cents: 0 };
      entry.ids.push(line.id);
      entry.cents += line.amountCents;
      byCreator.set(line.creatorId, entry);
    }
    const creatorIds = [...byCreator.keys()];
    const [readiness, details] = await Promise.all([
      payoutReadinessOf(creatorIds),
      findPayoutDetailsOf(creatorIds, tx),
    ]);
    const methodOf = new Map(details.accounts.map((account) => [account.creatorId, account.method]));
    const exclusions: { runId: string; creatorId: string; availableCents: number; reason: string }[] = [];
    let paid = 0;
    for (const [creatorId, { ids, cents }] of byCreator) {
      const missing = readiness.get(creatorId) ?? [];
      const method = methodOf.get(creatorId);
      const reason = exclusionOf(cents, missing, run.thresholdCents);
      if (reason || !method) {
        exclusions.push({
          runId: run.id,
          creatorId,
          availableCents: cents,
          reason: encodeExclusion(reason ?? { kind: "details_missing", missing: ["method"] }),
        });
        continue;
      }
      await proposePayout(tx, { runId: run.id, creatorId, method, cents, lineIds: ids, at: now });
      paid += 1;
    }
    await insertExclusions(tx, exclusions);
    await recordAudit(tx, {
      actorId: payoutActorId(actor),
      action: "payout_run.propose",
      targetType: "payout_run",
      targetId: run.id,
      after: {
        period,
        payouts: paid,
        excluded: exclusions.length,
        threshold: formatMoney(run.thresholdCents),
      },
    });
    return run;
  });
  if (result) return { ok: true, value: { run: result, created: true } };
  // Another process proposed the same month a moment earlier.
  const twin = await findRunByPeriod(db(), period);
  if (!twin) throw new Error("payout run vanished after a conflict on its period");
  return { ok: true, value: { run: twin, created: false } };
}

/** Why a creator is not paid this time, or null when they are. */
function exclusionOf(cents: number, missing: ExclusionReasonMissing, thresholdCents: number) {
  if (cents < 0) return { kind: "negative_balance" } satisfies ExclusionReason;
  if (missing.length > 0) return { kind: "details_missing", missing } satisfies ExclusionReason;
  if (cents < thresholdCents) return { kind: "under_threshold" } satisfies ExclusionReason;
  return null;
}
type ExclusionReasonMissing = Extract<ExclusionReason, { kind: "details_missing" }>["missing"];

async function proposePayout(
  tx: Executor,
  input: {
    runId: string;
    creatorId: string;
    method: PayoutMethod;
    cents: number;
    lineIds: string[];
    at: Date;
  },
) {
  const payout = await insertPayout(tx, {
    runId: input.runId,
    creatorId: input.creatorId,
    method: input.method,
    amountCents: input.cents,
    at: input.at,
  });
  const taken = await attachLines(tx, payout.id, input.lineIds);
  // The lines are locked above, so nothing else can have taken one: a difference is a bug, not a race.
  if (taken.amountCents !== input.cents || taken.lines !== input.lineIds.length)
    throw new Error(`payout ${payout.id} took ${taken.amountCents} of ${input.cents} cents`);
}

/** The run of the month that just ended, proposed by the job on the 1st (or by staff, early). */
export function proposeLastMonthsRun(now: Date, actor: PayoutActor = SYSTEM_PAYOUTS) {
  return proposeRun(previousPeriod(now), now, actor);
}

export type ApproveResult =
  | { ok: true; value: { changed: boolean; run: PayoutRun } }
  | { ok: false; reason: "not_found" };

/**
 * Approves a proposed run, once: the run row is locked and moved only from proposed, so parallel
 * approvals change it once and queue each Connect transfer once (in the same transaction).
 */
export async function approveRun(input: {
  runId: string;
  actor: PayoutActor;
  now?: Date;
}): Promise<ApproveResult> {
  const at = input.now ?? new Date();
  const actorId = payoutActorId(input.actor);
  return db().transaction(async (tx) => {
    const run = await moveState(tx, {
      rows: payoutRunRows,
      machine: PAYOUT_RUN_TRANSITIONS,
      move: "approve",
      id: input.runId,
      actorId,
      fields: { approvedAt: at, approvedBy: input.actor.kind === "staff" ? input.actor.userId : undefined },
    });
    if (!run.ok && run.reason === "not_found") return { ok: false, reason: "not_found" } as const;
    // Approved (or completed) already: a second press changes nothing.
    if (!run.ok || !run.changed) return { ok: true, value: { changed: false, run: run.row } } as const;
    let approvedPayouts = 0;
    for (const payoutId of await listRunPayoutIds(tx, run.row.id)) {
      const payout = await moveState(tx, {
        rows: payoutRows,
        machine: PAYOUT_TRANSITIONS,
        move: "approve",
        id: payoutId,
        actorId,
      });
      if (payout.ok && payout.changed) approvedPayouts++;
    }
    for (const payoutId of await listStripePayoutIds(tx, run.row.id))
      await enqueue(transferPayoutJob, { payoutId }, { tx, singletonKey: payoutId });
    // A run where everyone was excluded has nothing to send: it is complete as soon as it is approved.
    const completed =
      approvedPayouts === 0 ? await completeRunIfAllSent(tx, run.row.id, input.actor, at) : null;
    return { ok: true, value: { changed: true, run: completed ?? run.row } } as const;
  });
}

export type MarkSentResult =
  | { ok: true; value: { sent: number } }
  | { ok: false; reason: "not_found" | "not_approved" };

/** Staff sent the bank file: the run's approved bank payouts become sent, their lines paid. */
export async function markBankPayoutsSent(input: {
  runId: string;
  actor: PayoutActor;
  now?: Date;
}): Promise<MarkSentResult> {
  const at = input.now ?? new Date();
  return db().transaction(async (tx) => {
    const run = await lockRun(tx, input.runId);
    if (!run) return { ok: false, reason: "not_found" } as const;
    if (run.status === "proposed") return { ok: false, reason: "not_approved" } as const;
    let sent = 0;
    // Each approved bank payout moves on its own (PAYOUT_TRANSITIONS' `send`); sent ones stay as they are.
    for (const payoutId of await listRunPayoutIds(tx, run.id, "bank")) {
      const payout = await sendPayout(tx, {
        payoutId,
        period: run.period,
        actor: input.actor,
        at,
      });
      if (payout) sent++;
    }
    return { ok: true, value: { sent } } as const;
  });
}

// ---------------------------------------------------------------- what the console reads

export { PAYOUT_RUN_SORTS, type PayoutRunFilter } from "./payout-runs.queries.server";

export function listPayoutRuns(filter: PayoutRunFilter) {
  return listRuns(filter);
}

/** A run with its payouts and exclusions, each creator named (email, username). */
export async function findPayoutRun(runId: string) {
  const [summary, payouts, exclusions] = await Promise.all([
    findRunSummary(runId),
    listRunPayouts(runId),
    listRunExclusions(runId),
  ]);
  if (!summary) return null;
  const people = await namePeople([
    ...payouts.map((payout) => payout.creatorId),
    ...exclusions.map((exclusion) => exclusion.creatorId),
    ...(summary.approvedBy ? [summary.approvedBy] : []),
  ]);
  const person = (id: string) => {
    const found = people.get(id);
    return { id, email: found?.email ?? null, username: found?.username ?? null };
  };
  const methods = (method: PayoutMethod) => payouts.filter((payout) => payout.method === method);
  const sum = (rows: { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);
  return {
    run: summary,
    approvedBy: summary.approvedBy ? person(summary.approvedBy) : null,
    payouts: payouts.map((payout) => ({ ...payout, creator: person(payout.creatorId) })),
    exclusions: exclusions.map((exclusion) => ({ ...exclusion, creator: person(exclusion.creatorId) })),
    totals: {
      stripeCents: sum(methods("stripe")),
      bankCents: sum(methods("bank")),
      bankToSend: methods("bank").filter((payout) => payout.status === "approved").length,
      excludedCents: exclusions.reduce((total, row) => total + Math.max(0, row.availableCents), 0),
    },
  };
}
export type PayoutRunView = NonNullable<Awaited<ReturnType<typeof findPayoutRun>>>;
