import { and, eq, lt, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { studioUploadLocks } from "../schema.server";

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Takes the lease on `uploadId` when nobody holds it or the holder's lease ran out; true if taken. */
export async function takeUploadLease(uploadId: string, token: string, leaseMs: number) {
  const rows = await db()
    .insert(studioUploadLocks)
    .values({ uploadId, token, expiresAt: leaseEnd(leaseMs) })
    .onConflictDoUpdate({
      target: studioUploadLocks.uploadId,
      set: { token, expiresAt: leaseEnd(leaseMs), releaseRequested: false },
      setWhere: lt(studioUploadLocks.expiresAt, sql`now()`),
    })
    .returning({ token: studioUploadLocks.token });
  return rows.length > 0;
}

/** Asks whoever holds the lease on `uploadId` to let go. */
export async function requestUploadLeaseRelease(uploadId: string) {
  await db()
    .update(studioUploadLocks)
    .set({ releaseRequested: true })
    .where(eq(studioUploadLocks.uploadId, uploadId));
}

/** Extends the holder's lease; undefined when it is no longer the holder's. */
export async function renewUploadLease(uploadId: string, token: string, leaseMs: number) {
  const [row] = await db()
    .update(studioUploadLocks)
    .set({ expiresAt: leaseEnd(leaseMs) })
    .where(and(eq(studioUploadLocks.uploadId, uploadId), eq(studioUploadLocks.token, token)))
    .returning({ releaseRequested: studioUploadLocks.releaseRequested });
  return row;
}

export async function dropUploadLease(uploadId: string, token: string) {
  await db()
    .delete(studioUploadLocks)
    .where(and(eq(studioUploadLocks.uploadId, uploadId), eq(studioUploadLocks.token, token)));
}

/** Leases left behind by a process that stopped while holding them. */
export async function deleteUploadLeasesExpiredBefore(before: Date) {
  await db().delete(studioUploadLocks).where(lt(studioUploadLocks.expiresAt, before));
}
