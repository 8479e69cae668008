import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Executor } from "../db/client.server";
import { runWithLogContext } from "../http/request-context.server";
import { logger } from "../logger.server";
import { jobAttemptsTotal } from "../metrics/business.server";
import type { JobDefinition } from "./define.server";
import { JOB_STATES, type JobState } from "./job-states";
import { QueueReporter } from "./queue-reporter.server";

/**
 * The job queue of this process: pg-boss 12 on the app's PostgreSQL (schema `pgboss`). Every process
 * that enqueues starts it; processes that also work jobs (the web process by default, `npm run
 * worker`) pass the definitions to work. Cron schedules live in the database, so one occurrence runs
 * once however many processes are up.
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type
export type AnyJob = JobDefinition<any>;

export interface StartQueueOptions {
  url: string;
  /** Every job this deployment knows: their queues are created so any process may enqueue them. */
  jobs: readonly AnyJob[];
  /** Work the jobs (and run cron schedules and maintenance) in this process. */
  work: boolean;
  /** How often an idle worker looks for jobs that came due (retries, delayed jobs). */
  pollingIntervalSeconds?: number;
  /** Shown in pg-boss's instance registry (`web`, `worker`, `cli`). */
  instanceName?: string;
  /** How often cron schedules are checked (tests shorten it). */
  cronIntervalSeconds?: number;
}

export const SCHEMA = "pgboss";
/** Failed jobs are kept this long, for the CLI and the staff console to show and retry. */
const KEEP_FINISHED_SECONDS = 14 * 86_400;
/** Queued jobs nobody worked for this long are dropped (a worker was down for two weeks). */
const KEEP_QUEUED_SECONDS = 14 * 86_400;
/**
 * A running job's worker refreshes its claim this often (pg-boss sends the beats itself); a claim not
 * refreshed for this long belongs to a process that died, and the job is retried elsewhere.
 */
const HEARTBEAT_SECONDS = 30;

/**
 * One connection to the queue. A process has one (the functions below); tests start two to act as
 * two processes.
 */
export class JobQueue {
  #boss: PgBoss | undefined;
  #working = false;
  #reporter: QueueReporter | undefined;
  #starting: Promise<void> | undefined;
  readonly #created = new Set<string>();

  /**
   * Connects (and, with `work`, starts working). Whoever enqueues meanwhile waits for it, so a
   * process may serve before its queue is up.
   */
  start(options: StartQueueOptions) {
    if (this.#boss || this.#starting) throw new Error("The job queue is already started");
    const starting = this.#start(options);
    this.#starting = starting;
    void starting.then(
      () => {
        if (this.#starting === starting) this.#starting = undefined;
      },
      () => {
        if (this.#starting === starting) this.#starting = undefined;
      },
    );
    return starting;
  }

  async #start(options: StartQueueOptions) {
    const instance = new PgBoss({
      connectionString: options.url,
      schema: SCHEMA,
      application_name: `verdeo-${options.instanceName ?? "jobs"}`,
      max: options.work ? 6 : 3,
      connectionTimeoutMillis: 5_000,
      // Only workers look after the queue: expiry, retention of finished jobs, cron occurrences.
      supervise: options.work,
      // A worker killed mid-job stops its heartbeat (HEARTBEAT_SECONDS): checked this often, the job
      // is failed and retried by another worker within a minute instead of at its expiry.
      superviseIntervalSeconds: 20,
      schedule: options.work,
      // The per-queue counts /metrics reports (queueDepths) are pg-boss's, refreshed this often.
      monitorIntervalSeconds: 15,
      cronMonitorIntervalSeconds: options.cronIntervalSeconds ?? 5,
      cronWorkerIntervalSeconds: options.cronIntervalSeconds ?? 5,
      // Workers hear about a new job at once (NOTIFY) instead of at their next poll.
      useListenNotify: options.work,
      instanceName: options.instanceName ?? "verdeo",
      openTelemetry: { enabled: false },
    });
    // Without a listener an EventEmitter "error" would crash the process; a database restart is not a crash.
    let lastError = 0;
    instance.on("error", (error) => {
      if (Date.now() - lastError < 10_000) return;
      lastError = Date.now();
      logger.warn({ err: error }, "job queue: database error (retrying)");
    });
    await instance.start({ attempts: 3 });
    this.#boss = instance;
    this.#working = options.work;
    if (options.work) this.#reporter = new QueueReporter(options.url);
    this.#created.clear();
    for (const job of options.jobs) await this.#ensureQueue(job);
    if (!options.work) return;

    const crons = new Map(options.jobs.filter((job) => job.cron).map((job) => [job.name, job.cron!]));
    for (const schedule of await instance.getSchedules()) {
      // A job that lost its schedule in a newer release must stop being sent.
      if (!crons.has(schedule.name)) await instance.unschedule(schedule.name, schedule.key);
    }
    for (const [name, cron] of crons) await instance.schedule(name, cron, null, { tz: "UTC" });
    for (const job of options.jobs) {
      await instance.work<object>(
        job.name,
        {
          localConcurrency: job.concurrency,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          // NOTIFY wakes a worker for a new job, not for a retry coming due: keep polling often enough.
          notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 5,
        },
        async ([attempt]) => {
          if (attempt) await runAttempt(job, attempt);
        },
      );
    }
  }

  get started() {
    return this.#boss !== undefined;
  }

  get working() {
    return this.#working;
  }

  /** Stops working (waiting for running jobs up to `timeoutMs`) and closes the queue's connections. */
  async stop(timeoutMs = 5_000) {
    await this.#starting?.catch(() => {});
    const instance = this.#boss;
    this.#boss = undefined;
    this.#working = false;
    this.#created.clear();
    await this.#reporter?.close();
    this.#reporter = undefined;
    if (!instance) return;
    await instance.stop({ graceful: timeoutMs > 0, timeout: Math.max(timeoutMs, 1), close: true });
  }

  async enqueue<T extends object>(job: JobDefinition<T>, data: T, options: EnqueueOptions = {}) {
    const instance = await this.#ready();
    await this.#ensureQueue(job);
    return instance.send(job.name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
      ...(options.startAfter !== undefined
        ? { startAfter: options.startAfter instanceof Date ? options.startAfter : options.startAfter / 1000 }
        : {}),
      ...(options.tx ? { db: fromDrizzle(options.tx as Parameters<typeof fromDrizzle>[0], sql) } : {}),
    });
  }

  /** The raw pg-boss instance, for what this module does not wrap. */
  boss() {
    return this.#ready();
  }

  async query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    const result = await (await this.#ready()).getDb().executeSql(text, values);
    return result.rows as T[];
  }

  /** Whether this process reports the deployment's queue gauges (queue-reporter.server.ts). */
  async reports(): Promise<boolean> {
    return this.#reporter ? this.#reporter.reports() : false;
  }

  /** Each queue's jobs by state from pg-boss's own per-queue counts: no count of the job table. */
  async depths(): Promise<QueueDepth[]> {
    const queues = await (await this.#ready()).getQueues();
    return queues
      .filter((queue) => !queue.name.startsWith("__pgboss"))
      .map((queue) => ({
        name: queue.name,
        queued: queue.queuedCount,
        running: queue.activeCount,
        failed: queue.failedCount,
      }));
  }

  async ensureQueue(job: AnyJob) {
    await this.#ensureQueue(job);
  }

  async #ensureQueue(job: AnyJob) {
    if (this.#created.has(job.name)) return;
    const queue = {
      policy: job.policy,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: job.retryBackoff,
      ...(job.retryBackoff ? { retryDelayMax: job.retryDelayMaxSeconds } : {}),
      expireInSeconds: job.expireInSeconds,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      retentionSeconds: KEEP_QUEUED_SECONDS,
      deleteAfterSeconds: KEEP_FINISHED_SECONDS,
      notify: true,
    };
    const instance = this.#require();
    if (!(await instance.getQueue(job.name))) {
      await instance.createQueue(job.name, queue).catch(async (error) => {
        // Another process created it at the same moment.
        if (!(await instance.getQueue(job.name))) throw error;
      });
    } else {
      const { policy: _policy, ...changeable } = queue;
      await instance.updateQueue(job.name, changeable);
    }
    this.#created.add(job.name);
  }

  #require() {
    if (!this.#boss) throw new Error("The job queue is not started");
    return this.#boss;
  }

  async #ready() {
    await this.#starting?.catch(() => {});
    return this.#require();
  }
}

async function runAttempt(
  job: AnyJob,
  attempt: { id: string; data: object; retryCount: number; signal?: AbortSignal },
) {
  const started = Date.now();
  const log = logger.child({ attempt: attempt.retryCount + 1 });
  try {
    // Every line the handler logs, however deep, names the job.
    await runWithLogContext({ job: job.name, jobId: attempt.id }, () =>
      job.handler(attempt.data ?? {}, {
        id: attempt.id,
        signal: attempt.signal ?? new AbortController().signal,
      }),
    );
    log.debug({ ms: Date.now() - started }, "job done");
    jobAttemptsTotal.inc({ queue: job.name, outcome: "completed" });
  } catch (error) {
    const final = attempt.retryCount >= job.retryLimit;
    jobAttemptsTotal.inc({ queue: job.name, outcome: final ? "failed" : "retry" });
    if (final) log.error({ err: error }, "job failed for good (see npm run cli -- jobs)");
    else log.warn({ err: error }, "job failed, will retry");
    throw error;
  }
}

/** This process's queue. */
const queue = new JobQueue();

export function startQueue(options: StartQueueOptions) {
  return queue.start(options);
}

export function stopQueue(timeoutMs?: number) {
  return queue.stop(timeoutMs);
}

export function queueIsStarted() {
  return queue.started;
}

export function queueIsWorking() {
  return queue.working;
}

export interface QueueDepth {
  name: string;
  queued: number;
  running: number;
  /** Failed jobs still kept (14 days): a rolling count, not an all-time total. */
  failed: number;
}

/** For /metrics: whether this process is the one that reports the deployment's queue gauges. */
export function queueReportsHere() {
  return queue.reports();
}

export function queueDepths() {
  return queue.depths();
}

export interface EnqueueOptions {
  /** With a `stately` or `singleton` job: at most one queued job per key. */
  singletonKey?: string;
  /** A date, or a delay in milliseconds. */
  startAfter?: Date | number;
  /** Higher runs first among due jobs of the queue (pg-boss's order: priority, then age); 0 by default. */
  priority?: number;
  /** Enqueue inside this transaction: the job exists exactly when the change commits. */
  tx?: Executor;
}

/** Queues one run of `job`; resolves to the job id, or null when an equal job is already queued. */
export function enqueue<T extends object>(
  job: JobDefinition<T>,
  data: T,
  options: EnqueueOptions = {},
): Promise<string | null> {
  return queue.enqueue(job, data, options);
}

export { JOB_STATES, type JobState };

export interface JobCount {
  name: string;
  state: JobState;
  count: number;
}

/**
 * How many jobs of each queue are in each state (for /metrics, the CLI and the staff console): every
 * queue and state, 0 included, so a dashboard's series do not come and go.
 */
export async function jobCounts(): Promise<JobCount[]> {
  const rows = await queue.query<{ name: string; state: string | null; count: number }>(
    `select q.name, j.state::text as state, count(j.id)::int as count
       from ${SCHEMA}.queue q left join ${SCHEMA}.job j on j.name = q.name
      where q.name not like '\\_\\_pgboss%'
      group by q.name, j.state order by q.name`,
  );
  const counts = new Map<string, number>();
  for (const name of new Set(rows.map((row) => row.name)))
    for (const state of JOB_STATES) counts.set(`${name}\u0000${state}`, 0);
  for (const row of rows) {
    if (!row.state) continue;
    const key = `${row.name}\u0000${publicState(row.state)}`;
    counts.set(key, (counts.get(key) ?? 0) + row.count);
  }
  return [...counts].map(([key, count]) => {
    const [name, state] = key.split("\u0000") as [string, JobState];
    return { name, state, count };
  });
}

/**
 * For each queue, how long its oldest due job has waited to start (0 when none waits): a growing age
 * means the workers do not keep up, or none runs.
 */
export async function oldestQueuedJobAges(): Promise<{ name: string; ageSeconds: number }[]> {
  const rows = await queue.query<{ name: string; age: number | null }>(
    `select q.name,
            extract(epoch from now() - min(greatest(j.created_on, j.start_after)))::float8 as age
       from ${SCHEMA}.queue q
       left join ${SCHEMA}.job j on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
      where q.name not like '\\_\\_pgboss%'
      group by q.name order by q.name`,
  );
  return rows.map((row) => ({ name: row.name, ageSeconds: Math.max(0, Number(row.age ?? 0)) }));
}

/** pg-boss's states as an operator reads them: created and retry are both waiting. */
function publicState(state: string): JobState {
  if (state === "created" || state === "retry") return "queued";
  if (state === "active") return "running";
  return state as JobState;
}

export interface JobSummary {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  /** Attempts made so far. */
  attempts: number;
  /** The last error's message, for a failed or retrying job. */
  error: string | null;
  createdAt: Date;
  /** When it finished (failed, completed) or started (running). */
  updatedAt: Date | null;
}

/** Failed jobs (all retries spent), newest first. */
export function listFailedJobs(limit = 50) {
  return listJobs(["failed"], limit);
}

/** Jobs in the given states, newest first (the CLI lists queued, running and failed ones). */
export async function listJobs(states: readonly JobState[], limit = 50): Promise<JobSummary[]> {
  const internal = states.flatMap((state) =>
    state === "queued" ? ["created", "retry"] : state === "running" ? ["active"] : [state],
  );
  const rows = await queue.query<{
    id: string;
    name: string;
    state: string;
    data: unknown;
    retry_count: number;
    output: { message?: string } | null;
    created_on: Date;
    updated: Date | null;
  }>(
    `select id, name, state::text as state, data, retry_count, output, created_on,
            coalesce(completed_on, started_on) as updated
       from ${SCHEMA}.job
      where state::text = any($1) and name not like '\\_\\_pgboss%'
      order by coalesce(completed_on, started_on, created_on) desc
      limit $2`,
    [internal, Math.max(1, Math.min(limit, 1_000))],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    state: publicState(row.state),
    data: row.data,
    attempts: row.state === "created" ? row.retry_count : row.retry_count + 1,
    error: row.state === "completed" ? null : (row.output?.message ?? null),
    createdAt: row.created_on,
    updatedAt: row.updated,
  }));
}

export type RetryJobResult = { ok: true } | { ok: false; reason: "not_found" | "not_failed" };

/** Puts a failed job back in its queue for another round of attempts. */
export async function retryJob(id: string): Promise<RetryJobResult> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return { ok: false, reason: "not_found" };
  const [row] = await queue.query<{ name: string; state: string }>(
    `select name, state::text as state from ${SCHEMA}.job where id = $1`,
    [id],
  );
  if (!row) return { ok: false, reason: "not_found" };
  if (row.state !== "failed") return { ok: false, reason: "not_failed" };
  await (await queue.boss()).retry(row.name, id);
  return { ok: true };
}

/**
 * Works every job of `jobs` that is due now, one at a time, until none is left: deterministic
 * processing for tests and the CLI (a failed attempt waits for its retry delay like anywhere else).
 */
export async function workDueJobs(
  jobs: readonly AnyJob[],
  options: {
    /** Checked after each job: true stops the work there (to see in what order jobs ran). */
    until?: () => Promise<boolean>;
  } = {},
) {
  const instance = await queue.boss();
  let worked = 0;
  for (let progress = true; progress; ) {
    progress = false;
    for (const job of jobs) {
      if (options.until && (await options.until())) return worked;
      await queue.ensureQueue(job);
      const [attempt] = await instance.fetch<object>(job.name);
      if (!attempt) continue;
      progress = true;
      worked += 1;
      try {
        await runAttempt(job, attempt);
        await instance.complete(job.name, attempt.id);
      } catch (error) {
        await instance.fail(job.name, attempt.id, { message: (error as Error).message });
      }
    }
  }
  return worked;
}
