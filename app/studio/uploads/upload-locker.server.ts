import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import { logger } from "~/platform/logger.server";
import {
  dropUploadLease,
  renewUploadLease,
  requestUploadLeaseRelease,
  takeUploadLease,
} from "./upload-locks.queries.server";

export interface LeaseTimings {
  /** How long a lease lasts unless renewed: a process that died lets go after this. */
  leaseMs: number;
  /** How often a holder renews, and so how soon it hears that another request waits. */
  renewMs: number;
  /** How often a waiting request tries again. */
  retryMs: number;
  /** How long a request waits before giving up (tus answers it with its lock timeout). */
  acquireTimeoutMs: number;
}

const DEFAULT_TIMINGS: LeaseTimings = {
  leaseMs: 15_000,
  renewMs: 1_000,
  retryMs: 200,
  acquireTimeoutMs: 30_000,
};

/**
 * tus's locker over leases in PostgreSQL, so every web process serialises the requests of one
 * upload, whichever process each reaches (docs/decisions/0011-tus-locking.md). A request that
 * waits asks the holder to let go, as tus's in-memory locker does: at once when the holder is in
 * this process, at the holder's next renewal otherwise.
 */
export class UploadLocker implements Locker {
  /** The requests of this process holding a lease, by upload id. */
  readonly holders = new Map<string, RequestRelease>();

  constructor(readonly timings: LeaseTimings = DEFAULT_TIMINGS) {}

  newLock(uploadId: string): Lock {
    return new UploadLease(uploadId, this);
  }
}

class UploadLease implements Lock {
  readonly #token = randomUUID();
  #release?: RequestRelease;
  #renewing?: NodeJS.Timeout;

  constructor(
    private readonly uploadId: string,
    private readonly locker: UploadLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease) {
    const { leaseMs, renewMs, retryMs, acquireTimeoutMs } = this.locker.timings;
    const deadline = Date.now() + acquireTimeoutMs;
    while (!(await takeUploadLease(this.uploadId, this.#token, leaseMs))) {
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.locker.holders.get(this.uploadId)?.();
      await requestUploadLeaseRelease(this.uploadId);
      await sleep(retryMs, undefined, { signal }).catch(() => {});
    }
    this.#release = requestRelease;
    this.locker.holders.set(this.uploadId, requestRelease);
    this.#renewing = setInterval(() => void this.#renew(), renewMs);
    // A lease left running must not keep a stopping process alive: it ends by itself.
    this.#renewing.unref();
  }

  async unlock() {
    clearInterval(this.#renewing);
    if (this.locker.holders.get(this.uploadId) === this.#release) this.locker.holders.delete(this.uploadId);
    // Should the database be away, the lease runs out by itself.
    await dropUploadLease(this.uploadId, this.#token).catch((error) =>
      logger.warn({ err: error }, "releasing an upload's lease failed"),
    );
  }

  /** Renews the lease; a request waits, or the lease was lost: the holding request ends. */
  async #renew() {
    const { leaseMs } = this.locker.timings;
    try {
      const lease = await renewUploadLease(this.uploadId, this.#token, leaseMs);
      if (!lease || lease.releaseRequested) await this.#release?.();
    } catch (error) {
      // The database is away: the next beat tries again, and the lease lasts meanwhile.
      logger.warn({ err: error }, "renewing an upload's lease failed");
    }
  }
}
