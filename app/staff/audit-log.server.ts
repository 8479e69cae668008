import { findPersonIdByEmailOrUsername, namePeople } from "~/accounts/people/people.server";
import { nameClips } from "~/catalog/clips/clip-titles.server";
import { shortOrderId } from "~/commerce/orders/order-id";
import { type AuditRow, listAudit } from "~/platform/audit.server";
import { type AuditName, auditChanges, auditVerb, type NamedAuditEntry } from "./audit-diff";

const userLink = (email: string | null) =>
  email ? `/staff/users?q=${encodeURIComponent(email)}` : undefined;

/** Names actors and targets of audit rows: people by email or username, clips by title, orders as buyers see them. */
export async function nameAuditEntries(rows: AuditRow[]): Promise<NamedAuditEntry[]> {
  const userIds = rows.flatMap((row) => [row.actorId, ...(row.targetType === "user" ? [row.targetId] : [])]);
  const clipIds = rows
    .filter((row) => row.targetType === "clip" && /^\d{1,9}$/.test(row.targetId))
    .map((row) => Number(row.targetId));
  const [people, clips] = await Promise.all([namePeople(userIds), nameClips(clipIds)]);
  const person = (id: string): AuditName => {
    if (id.startsWith("system:")) return { name: `System (${id.slice("system:".length)})` };
    const found = people.get(id);
    return found
      ? { name: found.name, to: userLink(found.email) }
      : { name: `Deleted account ${id.slice(0, 8)}` };
  };
  const target = (row: AuditRow): AuditName => {
    const id = row.targetId;
    switch (row.targetType) {
      case "user":
        return person(id);
      case "order":
        return { name: `Order ${shortOrderId(id)}`, to: `/staff/orders/${id}` };
      case "clip": {
        const title = clips.get(Number(id));
        return { name: title ? `${title} (#${id})` : `Clip #${id}`, to: `/staff/clips/${id}` };
      }
      case "promo":
        return { name: `Promo code ${id}`, to: `/staff/promos/${encodeURIComponent(id)}` };
      case "plan":
        return { name: `Plan ${id}`, to: "/staff/plans" };
      case "contact_message":
        return { name: "Contact message", to: `/staff/messages/${id}` };
      case "creator_application":
        return { name: "Creator application", to: "/staff/creators?status=" };
      case "payout_run":
        return { name: "Payout run", to: `/staff/payouts/${id}` };
      case "clip_report":
        return { name: `Clip report #${id}`, to: "/staff/reports" };
      default:
        return { name: `${row.targetType.replace(/_/g, " ")} ${id.slice(0, 8)}` };
    }
  };
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    action: auditVerb(row.action),
    actor: person(row.actorId),
    target: target(row),
    changes: auditChanges(row.before, row.after),
  }));
}

/** The history of one thing (an order, a clip, a promo code), oldest first, named. */
export async function auditHistoryOf(targetType: string, targetId: string | number, limit = 50) {
  const rows = await listAudit({ targetType, targetId: String(targetId) }, limit);
  return nameAuditEntries(rows.reverse());
}

/** The audit log page: newest first, filtered by the person who acted (email or username). */
export async function listNamedAudit(
  filter: { person?: string; targetType?: string; targetId?: string; beforeId?: number },
  limit: number,
) {
  const actorId = filter.person ? await findPersonIdByEmailOrUsername(filter.person) : undefined;
  if (actorId === null) return { entries: [], personFound: false };
  const rows = await listAudit(
    { actorId, targetType: filter.targetType, targetId: filter.targetId, beforeId: filter.beforeId },
    limit,
  );
  return { entries: await nameAuditEntries(rows), personFound: true };
}
