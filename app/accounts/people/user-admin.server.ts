import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { publishEvent } from "~/platform/events.server";
import { accountSuspended } from "../events.server";
import type { Role } from "./roles";
import {
  deleteSessionsOf,
  findUserIdByEmail,
  lockProfile,
  updateProfileRole,
  updateProfileSuspension,
} from "./user-admin.queries.server";

/**
 * Who makes a staff change, as the audit log records it: a signed-in staff member, or an operator at
 * the server's command line (`npm run cli`), recorded as `OPERATOR`.
 */
export interface Actor {
  id: string;
}
export const OPERATOR: Actor = { id: "operator:cli" };

export type UserAdminResult = { ok: true; changed: boolean } | { ok: false; reason: "not_found" | "self" };

/**
 * Staff change a user's role. Staff cannot change their own (the console must always keep one
 * developer who can undo a mistake). Setting the role a user already has changes nothing and
 * writes no audit entry.
 */
export async function setUserRole(input: {
  userId: string;
  role: Role;
  actor: Actor;
}): Promise<UserAdminResult> {
  if (input.userId === input.actor.id) return { ok: false, reason: "self" };
  return db().transaction(async (tx) => {
    const profile = await lockProfile(tx, input.userId);
    if (!profile) return { ok: false, reason: "not_found" } as const;
    if (profile.role === input.role) return { ok: true, changed: false } as const;
    await updateProfileRole(tx, profile.id, input.role);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: "user.set_role",
      targetType: "user",
      targetId: profile.id,
      before: { role: profile.role },
      after: { role: input.role },
    });
    return { ok: true, changed: true } as const;
  });
}

/**
 * Suspends an account: it cannot sign in (the auth library refuses to create its sessions) and
 * every session it has ends now. Reinstating lets it sign in again.
 */
export async function setUserSuspended(input: {
  userId: string;
  suspended: boolean;
  actor: Actor;
}): Promise<UserAdminResult & { sessionsEnded?: number }> {
  if (input.userId === input.actor.id) return { ok: false, reason: "self" };
  return db().transaction(async (tx) => {
    const profile = await lockProfile(tx, input.userId);
    if (!profile) return { ok: false, reason: "not_found" } as const;
    const wasSuspended = profile.suspendedAt !== null;
    if (wasSuspended === input.suspended) return { ok: true, changed: false } as const;
    const suspendedAt = input.suspended ? new Date() : null;
    await updateProfileSuspension(tx, profile.id, suspendedAt);
    const sessionsEnded = input.suspended ? await deleteSessionsOf(tx, profile.id) : 0;
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: input.suspended ? "user.suspend" : "user.reinstate",
      targetType: "user",
      targetId: profile.id,
      before: { suspendedAt: profile.suspendedAt },
      after: { suspendedAt, sessionsEnded },
    });
    if (input.suspended) await publishEvent(accountSuspended, { userId: profile.id }, { tx });
    return { ok: true, changed: true, sessionsEnded } as const;
  });
}

/** The user id behind an email, for tools that name people by address (the command line). */
export async function findUserByEmail(email: string) {
  return findUserIdByEmail(email);
}

/** The staff user list, as stored. */
export { listUsers, USER_SORTS, type UserFilter, type UserSort } from "./user-admin.queries.server";
