import { randomBytes } from "node:crypto";
import { ERRORS } from "@tus/server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { studioUploadLocks } from "~/studio/schema.server";
import { type LeaseTimings, UploadLocker } from "~/studio/uploads/upload-locker.server";
import { removeExpiredUploads } from "~/studio/uploads/uploads.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** Short leases, so the tests wait milliseconds where the app waits seconds. */
const FAST: LeaseTimings = { leaseMs: 2_000, renewMs: 50, retryMs: 20, acquireTimeoutMs: 3_000 };

const uploadId = () => `.tus-${randomBytes(8).toString("hex")}`;
const stillRunning = new AbortController().signal;

/** When the upload's lease row runs out (ms since the epoch), or undefined when no row holds it. */
async function leaseExpiry(id: string) {
  const [row] = await db().select().from(studioUploadLocks).where(eq(studioUploadLocks.uploadId, id));
  return row?.expiresAt.getTime();
}

/** A held lease whose request, asked to let go, ends and unlocks (as tus's request handlers do). */
async function holdUntilAsked(locker: UploadLocker, id: string) {
  const lock = locker.newLock(id);
  let asked = 0;
  await lock.lock(stillRunning, async () => {
    if (asked++ === 0) await lock.unlock();
  });
  return { lock, asked: () => asked };
}

describe("upload leases shared by every web process", () => {
  it("a request in another process waits, asks the holder to let go, and takes the lease once released", async () => {
    const id = uploadId();
    const [first, second] = [new UploadLocker(FAST), new UploadLocker(FAST)];
    const holder = await holdUntilAsked(first, id);

    const waiter = second.newLock(id);
    await waiter.lock(stillRunning, () => {});

    expect(holder.asked()).toBeGreaterThanOrEqual(1);
    // Now the waiter holds it: a third request must wait in turn.
    const third = new UploadLocker({ ...FAST, acquireTimeoutMs: 100 }).newLock(id);
    await expect(third.lock(stillRunning, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await waiter.unlock();
  });

  it("within one process the holder is asked at once, without waiting for its renewal", async () => {
    const id = uploadId();
    const locker = new UploadLocker({ ...FAST, renewMs: 60_000 });
    const holder = await holdUntilAsked(locker, id);
    const started = Date.now();

    const waiter = locker.newLock(id);
    await waiter.lock(stillRunning, () => {});

    expect(holder.asked()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    await waiter.unlock();
  });

  it("a lease whose process stopped without releasing it is taken once it runs out", async () => {
    const id = uploadId();
    const started = Date.now();
    // Never renewed and never released: the process holding it is gone.
    await new UploadLocker({ ...FAST, leaseMs: 300, renewMs: 60_000 })
      .newLock(id)
      .lock(stillRunning, () => {});

    const waiter = new UploadLocker(FAST).newLock(id);
    await expect(waiter.lock(stillRunning, () => {})).resolves.toBeUndefined();
    // Taken once the 300 ms lease ran out, not before; the row is now the waiter's fresh lease.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await leaseExpiry(id)).toBeGreaterThan(Date.now());
    await waiter.unlock();
    expect(await leaseExpiry(id)).toBeUndefined();
  });

  it("a holder that does not let go makes the waiting request fail with tus's lock timeout", async () => {
    const id = uploadId();
    const stubborn = new UploadLocker(FAST).newLock(id);
    await stubborn.lock(stillRunning, () => {});

    const waiter = new UploadLocker({ ...FAST, acquireTimeoutMs: 300 }).newLock(id);
    await expect(waiter.lock(stillRunning, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
  });

  it("a waiting request whose client left stops waiting", async () => {
    const id = uploadId();
    const holder = new UploadLocker(FAST).newLock(id);
    await holder.lock(stillRunning, () => {});
    const clientLeft = new AbortController();
    const waiting = new UploadLocker({ ...FAST, acquireTimeoutMs: 60_000 })
      .newLock(id)
      .lock(clientLeft.signal, () => {});
    const started = Date.now();

    setTimeout(() => clientLeft.abort(), 100);

    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(2_000);
    await holder.unlock();
  });

  it("a released lease can be taken again at once, and releasing it twice is harmless", async () => {
    const id = uploadId();
    const locker = new UploadLocker(FAST);
    const lock = locker.newLock(id);
    await lock.lock(stillRunning, () => {});
    await lock.unlock();
    await lock.unlock();
    expect(await leaseExpiry(id)).toBeUndefined();
    const again = new UploadLocker({ ...FAST, acquireTimeoutMs: 100 }).newLock(id);
    await expect(again.lock(stillRunning, () => {})).resolves.toBeUndefined();
    expect(await leaseExpiry(id)).toBeGreaterThan(Date.now());
    await again.unlock();
  });

  it("the hourly clean-up deletes leases that ran out and keeps the ones held", async () => {
    const [gone, held] = [uploadId(), uploadId()];
    await new UploadLocker({ ...FAST, leaseMs: 1, renewMs: 60_000 })
      .newLock(gone)
      .lock(stillRunning, () => {});
    const holding = new UploadLocker(FAST).newLock(held);
    await holding.lock(stillRunning, () => {});
    await new Promise((resolve) => setTimeout(resolve, 20));

    await removeExpiredUploads();

    const lease = (id: string) =>
      db().select().from(studioUploadLocks).where(eq(studioUploadLocks.uploadId, id));
    expect(await lease(gone)).toEqual([]);
    expect(await lease(held)).toHaveLength(1);
    await holding.unlock();
  });
});
