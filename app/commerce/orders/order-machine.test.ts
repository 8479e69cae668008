import { describe, expect, it } from "vitest";
import { canMove } from "~/platform/state-machine";
import { ORDER_STATUSES } from "../pricing/plans";
import { NEVER_PAID_STATUSES, ORDER_TRANSITIONS, type OrderMove } from "./order-machine";

const moves = Object.keys(ORDER_TRANSITIONS) as OrderMove[];

describe("ORDER_TRANSITIONS", () => {
  it("allows every move from each of its from-states", () => {
    for (const move of moves)
      for (const status of ORDER_TRANSITIONS[move].from)
        expect(canMove(ORDER_TRANSITIONS, move, status)).toBe(true);
  });

  it("refuses every move from a state it does not list", () => {
    for (const move of moves)
      for (const status of ORDER_STATUSES.filter(
        (s) => !(ORDER_TRANSITIONS[move].from as readonly string[]).includes(s),
      ))
        expect(canMove(ORDER_TRANSITIONS, move, status), `${move} from ${status}`).toBe(false);
  });

  it("refuses what the lifecycle must never do", () => {
    expect(canMove(ORDER_TRANSITIONS, "pay", "paid")).toBe(false);
    expect(canMove(ORDER_TRANSITIONS, "pay", "cancelled")).toBe(false);
    expect(canMove(ORDER_TRANSITIONS, "refund", "awaiting_payment")).toBe(false);
    expect(canMove(ORDER_TRANSITIONS, "refund", "refunded")).toBe(false);
    expect(canMove(ORDER_TRANSITIONS, "expire", "paid")).toBe(false);
    expect(canMove(ORDER_TRANSITIONS, "cancel", "refunded")).toBe(false);
  });

  it("moves to the statuses and audit actions the history shows", () => {
    expect(ORDER_TRANSITIONS.pay).toMatchObject({ to: "paid", audit: "order.mark_paid" });
    expect(ORDER_TRANSITIONS.pay_renewal).toMatchObject({ to: "paid", audit: "order.renewal_paid" });
    expect(ORDER_TRANSITIONS.cancel).toMatchObject({ to: "cancelled", audit: "order.cancel" });
    expect(ORDER_TRANSITIONS.expire).toMatchObject({ to: "cancelled", audit: "order.expire" });
    expect(ORDER_TRANSITIONS.refund).toMatchObject({ to: "refunded", audit: "order.refund" });
  });

  it("counts as never paid only waiting and cancelled orders", () => {
    expect([...NEVER_PAID_STATUSES].sort()).toEqual(["awaiting_payment", "cancelled"]);
  });
});
