import { and, arrayContains, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { apiWebhookDeliveries, apiWebhooks } from "../schema.server";

export type WebhookRow = typeof apiWebhooks.$inferSelect;
export type DeliveryRow = typeof apiWebhookDeliveries.$inferSelect;

export async function insertWebhook(values: {
  userId: string;
  url: string;
  secret: string;
  events: string[];
}) {
  const [row] = await db().insert(apiWebhooks).values(values).returning();
  return row!;
}

export async function countWebhooks(userId: string) {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(apiWebhooks)
    .where(eq(apiWebhooks.userId, userId));
  return row?.count ?? 0;
}

export function listWebhooksOf(userId: string) {
  return db()
    .select({
      id: apiWebhooks.id,
      url: apiWebhooks.url,
      events: apiWebhooks.events,
      createdAt: apiWebhooks.createdAt,
    })
    .from(apiWebhooks)
    .where(eq(apiWebhooks.userId, userId))
    .orderBy(desc(apiWebhooks.createdAt));
}

export async function deleteWebhookOf(userId: string, id: string) {
  const rows = await db()
    .delete(apiWebhooks)
    .where(and(eq(apiWebhooks.id, id), eq(apiWebhooks.userId, userId)))
    .returning({ id: apiWebhooks.id });
  return rows.length > 0;
}

/** The owner's endpoints that take this event. */
/** The endpoints of these owners that take `event`, in one query (a creator's followers may be many). */
export async function listWebhooksFor(executor: Executor, userIds: readonly string[], event: string) {
  if (userIds.length === 0) return [];
  return executor
    .select()
    .from(apiWebhooks)
    .where(and(inArray(apiWebhooks.userId, [...userIds]), arrayContains(apiWebhooks.events, [event])));
}

export async function insertDelivery(
  executor: Executor,
  values: { id: string; webhookId: string; event: string; payload: string },
) {
  await executor.insert(apiWebhookDeliveries).values(values);
}

export async function findDelivery(id: string) {
  const [row] = await db()
    .select({ delivery: apiWebhookDeliveries, webhook: apiWebhooks })
    .from(apiWebhookDeliveries)
    .innerJoin(apiWebhooks, eq(apiWebhooks.id, apiWebhookDeliveries.webhookId))
    .where(eq(apiWebhookDeliveries.id, id))
    .limit(1);
  return row;
}

export async function recordAttempt(
  id: string,
  outcome: {
    status: "pending" | "delivered" | "failed";
    statusCode: number | null;
    error: string | null;
    at: Date;
  },
) {
  await db()
    .update(apiWebhookDeliveries)
    .set({
      status: outcome.status,
      attempts: sql`${apiWebhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      ...(outcome.status === "delivered" ? { deliveredAt: outcome.at } : {}),
    })
    .where(eq(apiWebhookDeliveries.id, id));
}

/** The owner's latest deliveries, newest first, with the endpoint each went to. */
export function listDeliveriesOf(userId: string, limit: number) {
  return db()
    .select({
      id: apiWebhookDeliveries.id,
      event: apiWebhookDeliveries.event,
      status: apiWebhookDeliveries.status,
      attempts: apiWebhookDeliveries.attempts,
      lastStatusCode: apiWebhookDeliveries.lastStatusCode,
      lastError: apiWebhookDeliveries.lastError,
      createdAt: apiWebhookDeliveries.createdAt,
      url: apiWebhooks.url,
    })
    .from(apiWebhookDeliveries)
    .innerJoin(apiWebhooks, eq(apiWebhooks.id, apiWebhookDeliveries.webhookId))
    .where(eq(apiWebhooks.userId, userId))
    .orderBy(desc(apiWebhookDeliveries.createdAt))
    .limit(limit);
}
