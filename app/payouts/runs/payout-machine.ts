import type { StateMachine } from "~/platform/state-machine";
import type { PayoutRunStatus, PayoutStatus } from "./payouts";

/**
 * Every way a payout run and a payout (one creator's payment within a run) may change status
 * (docs/decisions/0020, 0022). A run is proposed with its payouts; payout-runs.server.ts and the
 * transfer and send paths move them only through these tables (`moveState`).
 */
export const PAYOUT_RUN_TRANSITIONS = {
  /** Staff approve a proposed run, once, however many press it. */
  approve: { from: ["proposed"], to: "approved", audit: "payout_run.approve" },
  /** Every payout of the run is sent (or the run had none). */
  complete: { from: ["approved"], to: "completed", audit: "payout_run.complete" },
} as const satisfies StateMachine<PayoutRunStatus>;

export const PAYOUT_TRANSITIONS = {
  /** Approved with its run. */
  approve: { from: ["proposed"], to: "approved", audit: "payout.approve" },
  /** The Connect transfer went through, or staff sent the bank file: its royalty lines are paid. */
  send: { from: ["approved", "failed"], to: "sent", audit: "payout.send" },
  /** A Connect transfer failed; the payout stays retryable. */
  fail: { from: ["approved", "failed"], to: "failed", audit: "payout.fail" },
} as const satisfies StateMachine<PayoutStatus>;

export type PayoutRunMove = keyof typeof PAYOUT_RUN_TRANSITIONS;
export type PayoutMove = keyof typeof PAYOUT_TRANSITIONS;
