import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";

// Tables live beside their domains (each domain's schema.server.ts); queries name them, so the client needs none.
export type Database = NodePgDatabase & { $client: pg.Pool };
/** A transaction handed to `db().transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a query may run: the pool or an open transaction. */
export type Executor = Database | Transaction;

let pool: pg.Pool | undefined;
let database: Database | undefined;

/**
 * A client for a transaction-mode pooler (PgBouncer before 1.21 keeps no prepared statements): it
 * sends every statement unnamed, since the next transaction may reach a server connection that never
 * saw the name. PostgreSQL then plans each one again, which costs a fraction of a millisecond.
 */
class UnnamedStatementClient extends pg.Client {}
UnnamedStatementClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const unnamed =
    config && typeof config === "object" && "name" in config ? { ...config, name: undefined } : config;
  return (pg.Client.prototype.query as (...args: unknown[]) => unknown).call(this, unnamed, ...rest);
} as typeof pg.Client.prototype.query;

/** Opens the one connection pool of this process. */
export function connectDatabase(
  url: string,
  options: { max?: number; throughPooler?: boolean } = {},
): Database {
  pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 5_000,
    ...(options.throughPooler ? { Client: UnnamedStatementClient } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  database = drizzle(pool) as Database;
  return database;
}

export function db(): Database {
  if (!database) throw new Error("The database is not connected yet");
  return database;
}

/**
 * A query built once per database and prepared once per connection: drizzle does not build its SQL
 * again, and PostgreSQL parses and plans it once. For the reads nearly every page makes; the name
 * `build` gives `.prepare()` must be unique in the app (a connection keeps one statement per name).
 */
export function preparedQuery<T>(build: (database: Database) => T): () => T {
  let cached: { database: Database; query: T } | undefined;
  return () => {
    const current = db();
    if (cached?.database !== current) cached = { database: current, query: build(current) };
    return cached.query;
  };
}

export async function closeDatabase() {
  const closing = pool;
  pool = undefined;
  database = undefined;
  await closing?.end();
}

/** Connections of the pool: open, idle and callers waiting for one (for /metrics). */
export function poolStats() {
  if (!pool) return undefined;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 0,
  };
}

/** True when the database answers within the timeout (used by /readyz). */
export async function databaseIsReady(timeoutMs = 2_000): Promise<boolean> {
  if (!pool) return false;
  const ping = pool.query("select 1").then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  return Promise.race([ping, timeout]);
}
