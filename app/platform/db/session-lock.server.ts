import pg from "pg";

/**
 * Runs `task` while holding a PostgreSQL session advisory lock on a connection of its own, so that
 * processes starting at the same moment (web replicas, workers, a one-shot `npm run cli`) take turns:
 * the second waits, then finds the work done. The connection must reach PostgreSQL itself
 * (DATABASE_DIRECT_URL behind a transaction-mode pooler, docs/deploy.md).
 */
export async function withSessionLock<T>(url: string, lockId: number, task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "verdeo-session-lock" });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [lockId]);
    return await task();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [lockId]).catch(() => {});
    await client.end();
  }
}

/** Every Verdeo process agrees on these: any fixed 64-bit numbers, one per kind of start-up work. */
export const MIGRATION_LOCK_ID = 7_340_112_901;
export const SEED_LOCK_ID = 7_340_112_902;
