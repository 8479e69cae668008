import { describe, expect, it } from "vitest";
import { canMove } from "~/platform/state-machine";
import { SUBSCRIPTION_TRANSITIONS, type SubscriptionMove } from "./subscription-machine";
import { SUBSCRIPTION_STATUSES } from "./subscriptions";

const moves = Object.keys(SUBSCRIPTION_TRANSITIONS) as SubscriptionMove[];

describe("SUBSCRIPTION_TRANSITIONS", () => {
  it("allows every move from each of its from-states and refuses the others", () => {
    for (const move of moves)
      for (const status of SUBSCRIPTION_STATUSES)
        expect(canMove(SUBSCRIPTION_TRANSITIONS, move, status), `${move} from ${status}`).toBe(
          (SUBSCRIPTION_TRANSITIONS[move].from as readonly string[]).includes(status),
        );
  });

  it("renews from any state, fails only an active one, ends only one not ended", () => {
    for (const status of SUBSCRIPTION_STATUSES)
      expect(canMove(SUBSCRIPTION_TRANSITIONS, "renew", status)).toBe(true);
    expect(canMove(SUBSCRIPTION_TRANSITIONS, "fail_payment", "active")).toBe(true);
    expect(canMove(SUBSCRIPTION_TRANSITIONS, "fail_payment", "past_due")).toBe(false);
    expect(canMove(SUBSCRIPTION_TRANSITIONS, "fail_payment", "ended")).toBe(false);
    expect(canMove(SUBSCRIPTION_TRANSITIONS, "end", "active")).toBe(true);
    expect(canMove(SUBSCRIPTION_TRANSITIONS, "end", "past_due")).toBe(true);
    expect(canMove(SUBSCRIPTION_TRANSITIONS, "end", "ended")).toBe(false);
  });

  it("records each move under the audit action the history shows", () => {
    expect(SUBSCRIPTION_TRANSITIONS.renew.audit).toBe("subscription.renewed");
    expect(SUBSCRIPTION_TRANSITIONS.fail_payment.audit).toBe("subscription.payment_failed");
    expect(SUBSCRIPTION_TRANSITIONS.end.audit).toBe("subscription.ended");
  });
});
