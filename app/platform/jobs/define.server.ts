/**
 * A background job: a named queue in PostgreSQL (pg-boss) and the handler that works it. Definitions
 * live beside the domain that owns the work and are listed once in app/jobs.server.ts; `enqueue`
 * (queue.server.ts) takes the definition, so producers and workers agree on name, payload and retries.
 */
/** What a handler is told besides its payload. */
export interface JobContext {
  id: string;
  /** Aborted when the process stops or the attempt expired: stop child processes and long waits. */
  signal: AbortSignal;
}

export interface JobDefinition<T extends object = object> {
  /** Queue name: letters, digits, dots, dashes (`mail.send`, `catalog.reindex-creator`). */
  readonly name: string;
  /** Throws to fail the attempt (it is retried until retryLimit); must be idempotent. */
  readonly handler: (data: T, context: JobContext) => Promise<void>;
  /** Attempts after the first one. Default 3. */
  readonly retryLimit: number;
  /** Seconds before the first retry. Default 10. */
  readonly retryDelaySeconds: number;
  /** Doubles the delay for each further retry. Default true. */
  readonly retryBackoff: boolean;
  /** Longest wait between retries, seconds. Default 1 hour. */
  readonly retryDelayMaxSeconds: number;
  /** Five-field cron expression (UTC): one run per occurrence across all processes. */
  readonly cron?: string;
  /** A running attempt that takes longer is failed (and retried). Default 15 minutes. */
  readonly expireInSeconds: number;
  /** How many of this job one process works at a time. Default 2. */
  readonly concurrency: number;
  /**
   * `singleton`: one job of this queue at a time across every process (retention, schedules);
   * `stately`: at most one queued and one running job per singletonKey;
   * `standard`: as many as workers pick up.
   */
  readonly policy: "standard" | "singleton" | "stately";
}

export interface JobOptions<T extends object> {
  name: string;
  handler: (data: T, context: JobContext) => Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  retryDelayMaxSeconds?: number;
  cron?: string;
  expireInSeconds?: number;
  concurrency?: number;
  policy?: "standard" | "singleton" | "stately";
}

const JOB_NAME = /^[a-z][a-z0-9.-]{1,60}$/;

export function defineJob<T extends object>(options: JobOptions<T>): JobDefinition<T> {
  if (!JOB_NAME.test(options.name)) throw new Error(`Invalid job name "${options.name}"`);
  return Object.freeze({
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    retryDelayMaxSeconds: 3_600,
    expireInSeconds: 15 * 60,
    concurrency: 2,
    policy: "standard" as const,
    ...options,
  });
}

/**
 * How long a job keeps being retried after its first failure, shortest and longest, from pg-boss 12's
 * schedule: retry n (from 0) waits min(max, delay × 2^n × (1 + random)) with backoff, `delay` without.
 */
export function retrySpanSeconds(
  job: Pick<JobDefinition, "retryLimit" | "retryDelaySeconds" | "retryBackoff" | "retryDelayMaxSeconds">,
) {
  let shortest = 0;
  let longest = 0;
  for (let n = 0; n < job.retryLimit; n++) {
    const base = job.retryBackoff
      ? Math.max(job.retryDelaySeconds, 1) * 2 ** Math.min(16, n)
      : job.retryDelaySeconds;
    shortest += job.retryBackoff ? Math.min(job.retryDelayMaxSeconds, base) : base;
    longest += job.retryBackoff ? Math.min(job.retryDelayMaxSeconds, base * 2) : base;
  }
  return { shortest, longest };
}
