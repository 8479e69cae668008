import type { StateMachine } from "~/platform/state-machine";
import type { OrderStatus } from "../pricing/plans";

/**
 * Every way an order's status may change (docs/decisions/0013, 0022): placed awaiting payment,
 * then paid, cancelled or refunded. order-lifecycle.server.ts moves an order only through this
 * table (`moveState`); a part refund or a dispute leaves the status as it is and is not a move.
 */
export const ORDER_TRANSITIONS = {
  /** Paid by card (the Stripe webhook) or marked paid by staff (a bank transfer). */
  pay: { from: ["awaiting_payment"], to: "paid", audit: "order.mark_paid" },
  /** A subscription's renewal: its order is placed and paid in one transaction. */
  pay_renewal: { from: ["awaiting_payment"], to: "paid", audit: "order.renewal_paid" },
  /** Staff cancel an order, before payment (its promo use comes back) or after (the money goes back). */
  cancel: { from: ["awaiting_payment", "paid"], to: "cancelled", audit: "order.cancel" },
  /** Not paid within ORDER_EXPIRY_DAYS: the expiry job cancels it. */
  expire: { from: ["awaiting_payment"], to: "cancelled", audit: "order.expire" },
  /** The money goes back (staff, a Dashboard refund, a lost dispute); its licenses end (decision 0024). */
  refund: { from: ["paid"], to: "refunded", audit: "order.refund" },
} as const satisfies StateMachine<OrderStatus>;

export type OrderMove = keyof typeof ORDER_TRANSITIONS;

/**
 * Where an order never paid can stand: waiting, or cancelled before payment (by staff or the
 * expiry job). Retention deletes those past the privacy page's period (order-retention.server.ts);
 * a paid one has `paid_at` and an invoice, whatever its status later.
 */
export const NEVER_PAID_STATUSES = [
  ORDER_TRANSITIONS.pay.from[0],
  ORDER_TRANSITIONS.expire.to,
] as const satisfies readonly OrderStatus[];
