import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { db, type Executor } from "./db/client.server";
import { auditLog } from "./schema.server";

export interface AuditEntry {
  actorId: string;
  /** A verb phrase naming the change, e.g. `order.mark_paid`, `clip.approve`, `user.set_role`. */
  action: string;
  /** What kind of thing changed (`order`, `clip`, `user`, …) and its id. */
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one entry. Pass the transaction that makes the change, so the entry and the change are
 * written together or not at all.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry) {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first, `limit` at a time; `beforeId` continues after the last row of the previous page. */
export async function listAudit(
  filter: { targetType?: string; targetId?: string; actorId?: string; beforeId?: number },
  limit = 50,
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.beforeId) conditions.push(lt(auditLog.id, filter.beforeId));
  return db()
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
