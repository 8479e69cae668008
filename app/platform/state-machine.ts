/**
 * A lifecycle declared as data: every way a thing's status may change, from which states, to
 * which state, and the audit action the change is recorded under. Each lifecycle keeps its table
 * beside its code (order-machine.ts, subscription-machine.ts, payout-machine.ts; the clip's
 * CLIP_TRANSITIONS has the same shape); `moveState` in db/state-machine.server.ts is the one way a
 * row moves (docs/decisions/0022). Safe for the browser.
 */
export interface StateTransition<S extends string> {
  from: readonly S[];
  to: S;
  /** The audit action, e.g. `order.mark_paid`: what the history screens show. */
  audit: string;
}

export type StateMachine<S extends string> = Record<string, StateTransition<S>>;

/** Whether `move` may start from `status`. */
export function canMove<M extends StateMachine<string>>(machine: M, move: keyof M, status: string) {
  return (machine[move]!.from as readonly string[]).includes(status);
}
