import pg from "pg";
import { logger } from "../logger.server";

/**
 * Which process reports the queue's gauges. Each gauge is a number of the whole deployment (jobs
 * queued, running, failed), so if every process emitted it, a `sum()` over processes would count
 * each job once per process. One working process reports: the one holding a session advisory lock
 * on a connection of its own. When it stops or dies, its session and lock end with it and another
 * worker's next scrape takes over (docs/deploy.md, "Metrics with several processes").
 *
 * The lock needs a session: the connection goes straight to PostgreSQL, as pg-boss's do, never
 * through a transaction-mode pooler.
 */
const REPORTER_LOCK = 0x76_64_6f_71; // "vdoq": this lock's own key among the app's advisory locks

export class QueueReporter {
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #holds = false;

  constructor(private readonly url: string) {}

  /** Whether this process reports now: takes the lock if nobody holds it. */
  async reports(): Promise<boolean> {
    if (this.#holds) return true;
    try {
      const client = await this.#connect();
      const result = await client.query<{ got: boolean }>("select pg_try_advisory_lock($1) as got", [
        REPORTER_LOCK,
      ]);
      this.#holds = result.rows[0]?.got === true;
    } catch (error) {
      logger.warn({ err: error }, "metrics: the queue reporter's lock is unavailable");
      await this.close();
    }
    return this.#holds;
  }

  /** Ends the session, releasing the lock for another process. */
  async close() {
    const client = this.#client ?? (await this.#connecting?.catch(() => undefined));
    this.#client = undefined;
    this.#connecting = undefined;
    this.#holds = false;
    await client?.end().catch(() => {});
  }

  #connect(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: "verdeo-queue-reporter",
        connectionTimeoutMillis: 5_000,
      });
      // A dropped connection has lost the lock: the next scrape asks again.
      client.on("error", () => {
        if (this.#client === client) {
          this.#client = undefined;
          this.#holds = false;
        }
      });
      client.on("end", () => {
        if (this.#client === client) {
          this.#client = undefined;
          this.#holds = false;
        }
      });
      await client.connect();
      this.#client = client;
      return client;
    })().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }
}
