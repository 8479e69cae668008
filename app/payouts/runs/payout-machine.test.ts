import { describe, expect, it } from "vitest";
import { canMove } from "~/platform/state-machine";
import {
  PAYOUT_RUN_TRANSITIONS,
  PAYOUT_TRANSITIONS,
  type PayoutMove,
  type PayoutRunMove,
} from "./payout-machine";
import { PAYOUT_RUN_STATUSES, PAYOUT_STATUSES } from "./payouts";

describe("PAYOUT_RUN_TRANSITIONS", () => {
  it("allows every move from each of its from-states and refuses the others", () => {
    for (const move of Object.keys(PAYOUT_RUN_TRANSITIONS) as PayoutRunMove[])
      for (const status of PAYOUT_RUN_STATUSES)
        expect(canMove(PAYOUT_RUN_TRANSITIONS, move, status), `${move} from ${status}`).toBe(
          (PAYOUT_RUN_TRANSITIONS[move].from as readonly string[]).includes(status),
        );
  });

  it("approves only a proposed run and completes only an approved one", () => {
    expect(canMove(PAYOUT_RUN_TRANSITIONS, "approve", "proposed")).toBe(true);
    expect(canMove(PAYOUT_RUN_TRANSITIONS, "approve", "approved")).toBe(false);
    expect(canMove(PAYOUT_RUN_TRANSITIONS, "approve", "completed")).toBe(false);
    expect(canMove(PAYOUT_RUN_TRANSITIONS, "complete", "approved")).toBe(true);
    expect(canMove(PAYOUT_RUN_TRANSITIONS, "complete", "proposed")).toBe(false);
  });
});

describe("PAYOUT_TRANSITIONS", () => {
  it("allows every move from each of its from-states and refuses the others", () => {
    for (const move of Object.keys(PAYOUT_TRANSITIONS) as PayoutMove[])
      for (const status of PAYOUT_STATUSES)
        expect(canMove(PAYOUT_TRANSITIONS, move, status), `${move} from ${status}`).toBe(
          (PAYOUT_TRANSITIONS[move].from as readonly string[]).includes(status),
        );
  });

  it("sends a payout once, never before its approval, and retries a failed one", () => {
    expect(canMove(PAYOUT_TRANSITIONS, "send", "approved")).toBe(true);
    expect(canMove(PAYOUT_TRANSITIONS, "send", "failed")).toBe(true);
    expect(canMove(PAYOUT_TRANSITIONS, "send", "sent")).toBe(false);
    expect(canMove(PAYOUT_TRANSITIONS, "send", "proposed")).toBe(false);
    expect(canMove(PAYOUT_TRANSITIONS, "fail", "sent")).toBe(false);
    expect(canMove(PAYOUT_TRANSITIONS, "approve", "sent")).toBe(false);
  });

  it("records each move under the audit action the history shows", () => {
    expect(PAYOUT_TRANSITIONS.approve.audit).toBe("payout.approve");
    expect(PAYOUT_TRANSITIONS.send.audit).toBe("payout.send");
    expect(PAYOUT_TRANSITIONS.fail.audit).toBe("payout.fail");
    expect(PAYOUT_RUN_TRANSITIONS.approve.audit).toBe("payout_run.approve");
    expect(PAYOUT_RUN_TRANSITIONS.complete.audit).toBe("payout_run.complete");
  });
});
