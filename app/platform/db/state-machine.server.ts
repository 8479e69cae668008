import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { recordAudit } from "../audit.server";
import { canMove, type StateMachine } from "../state-machine";
import type { Executor } from "./client.server";

/**
 * The one way a row with a declared lifecycle changes status (docs/decisions/0022), in the
 * caller's transaction: the row is locked (SELECT … FOR UPDATE), the move checked against the
 * lifecycle's table, the status and the move's fields written, what follows the move run
 * (effects in other domains, numbers, mails), and the audit entry written with what followed.
 */

/** A table whose rows have an `id` and a `status` (orders, subscriptions, payout runs, payouts). */
type StatefulTable = PgTable & { id: PgColumn; status: PgColumn };

/** How the helper reaches a lifecycle's rows; a queries file makes it (only those name tables). */
export interface StateRows<Row extends { status: string }, Fields> {
  /** The audit entry's target type: `order`, `subscription`, `payout_run`, `payout`. */
  targetType: string;
  lock(executor: Executor, id: string): Promise<Row | null>;
  write(executor: Executor, id: string, fields: Fields): Promise<Row>;
}

export function stateRows<T extends StatefulTable>(
  table: T,
  targetType: string,
): StateRows<T["$inferSelect"] & { status: string }, Partial<T["$inferInsert"]>> {
  type Row = T["$inferSelect"] & { status: string };
  // Drizzle's builders cannot follow a generic table's columns; the row type is the table's own.
  const anyTable = table as unknown as PgTable & { id: PgColumn };
  return {
    targetType,
    async lock(executor, id) {
      const rows = await executor.select().from(anyTable).where(eq(anyTable.id, id)).for("update");
      return (rows[0] as Row | undefined) ?? null;
    },
    async write(executor, id, fields) {
      const rows = await executor
        .update(anyTable)
        .set(fields as never)
        .where(eq(anyTable.id, id))
        .returning();
      return rows[0] as unknown as Row;
    },
  };
}

export type MoveResult<Row, Details> =
  | { ok: true; changed: true; row: Row; before: Row; details: Details }
  /** Nothing to do: already in the move's target (a replay), or `proceed` said no. */
  | { ok: true; changed: false; row: Row }
  | { ok: false; reason: "not_found" }
  /** The move does not start from the row's status (someone else acted first). */
  | { ok: false; reason: "not_allowed"; row: Row };

export interface Move<Row extends { status: string }, Fields, M extends StateMachine<string>, Details> {
  rows: StateRows<Row, Fields>;
  machine: M;
  move: keyof M & string;
  id: string;
  /** The audit entry's actor: a user id, or `system:<name>`. */
  actorId: string;
  /** Columns written with the status (the payment's reference, a run's approver, …). */
  fields?: Fields | ((before: Row) => Fields);
  /** A row already in the move's target answers `changed: false` instead of `not_allowed`. */
  idempotent?: boolean;
  /** Asked under the lock before the move is checked; false leaves the row as it is (`changed: false`). */
  proceed?: (before: Row) => Promise<boolean>;
  /** What follows the move in its transaction; what it returns goes into the audit entry's `after`. */
  effects?: (moved: Row, before: Row) => Promise<Details>;
  /** The audit entry's `before`; the old status by default. */
  auditBefore?: (before: Row) => Record<string, unknown> | null;
  /** More of the moved row in the audit entry's `after` (beside the new status and the effects' details). */
  auditAfter?: (moved: Row) => Record<string, unknown>;
}

export async function moveState<
  Row extends { status: string },
  Fields,
  M extends StateMachine<string>,
  Details extends Record<string, unknown> = Record<string, never>,
>(tx: Executor, spec: Move<Row, Fields, M, Details>): Promise<MoveResult<Row, Details>> {
  const rule = spec.machine[spec.move]!;
  const before = await spec.rows.lock(tx, spec.id);
  if (!before) return { ok: false, reason: "not_found" };
  if (spec.idempotent && before.status === rule.to) return { ok: true, changed: false, row: before };
  if (spec.proceed && !(await spec.proceed(before))) return { ok: true, changed: false, row: before };
  if (!canMove(spec.machine, spec.move, before.status))
    return { ok: false, reason: "not_allowed", row: before };
  const fields =
    typeof spec.fields === "function" ? (spec.fields as (row: Row) => Fields)(before) : spec.fields;
  const row = await spec.rows.write(tx, spec.id, { ...fields, status: rule.to } as Fields);
  const details = spec.effects ? await spec.effects(row, before) : ({} as Details);
  await recordAudit(tx, {
    actorId: spec.actorId,
    action: rule.audit,
    targetType: spec.rows.targetType,
    targetId: spec.id,
    before: spec.auditBefore ? spec.auditBefore(before) : { status: before.status },
    after: { status: rule.to, ...spec.auditAfter?.(row), ...details },
  });
  return { ok: true, changed: true, row, before, details };
}
